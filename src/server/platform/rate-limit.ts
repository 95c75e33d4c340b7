/**
 * A sliding-window counter kept in this process's memory. Enough for one server; several
 * servers behind a load balancer would each count separately, so a shared store (Redis)
 * is the step to take before scaling out.
 */
export interface RateLimitRule {
  /** Allowed attempts per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the next attempt is allowed (0 when allowed). */
  retryAfterSeconds: number;
}

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Records an attempt under `key` and says whether it is within the rule. */
  hit(key: string, rule: RateLimitRule): RateLimitResult {
    const now = this.now();
    this.sweep(now, rule.windowMs);
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - rule.windowMs);
    if (recent.length >= rule.limit) {
      this.hits.set(key, recent);
      const oldest = recent[0]!;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { allowed: true, retryAfterSeconds: 0 };
  }

  /** Whether `key` has used up its rule, without recording an attempt. */
  isExhausted(key: string, rule: RateLimitRule): boolean {
    const now = this.now();
    return (this.hits.get(key) ?? []).filter((t) => t > now - rule.windowMs).length >= rule.limit;
  }

  reset() {
    this.hits.clear();
  }

  // Drops idle keys now and then so memory stays bounded by recent traffic.
  private sweep(now: number, windowMs: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, times] of this.hits) {
      if (times.every((t) => t <= now - Math.max(windowMs, 60 * 60_000))) this.hits.delete(key);
    }
  }
}
