/** Pages of every sort, filter and search a city's catalogue sees in a busy hour. */
const MAX_ENTRIES = 500;

/**
 * With a clock, answers also expire with time: which gifts booked online are sold, and their
 * next free time, change as sessions start (ADR 105) with no row changing.
 */
export const CATALOG_TIME_STEP_MS = 5 * 60_000;

/**
 * The catalogue's answers on this server, valid while `cache_versions.catalog` keeps the
 * value it had before they were computed (ADR 037): every change to a gift or a business,
 * on any server, gives it a new value in the same transaction. Holds the pending promise,
 * so the requests that miss at once after a change share one query.
 */
export class CatalogCache {
  private version: string | null = null;
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(private readonly clock?: () => Date) {}

  /** The stored version and, with a clock, the time step it belongs to. */
  private current(version: string | null): string | null {
    if (version === null || !this.clock) return version;
    return `${version}@${Math.floor(this.clock().getTime() / CATALOG_TIME_STEP_MS)}`;
  }

  /** Whether `through` would answer `key` without computing it. */
  has(stored: string | null, key: string): boolean {
    const version = this.current(stored);
    return version !== null && version === this.version && this.entries.has(key);
  }

  /**
   * `version` must have been read before `compute` runs, so what it returns is at least as
   * new as that value. With no value (a wiped table), nothing is cached.
   */
  through<T>(stored: string | null, key: string, compute: () => Promise<T>): Promise<T> {
    const version = this.current(stored);
    if (version !== this.version) {
      // Entries belong to one value; a request that read another one must not see them.
      this.entries.clear();
      this.version = version;
    }
    if (version === null) return compute();
    const cached = this.entries.get(key);
    if (cached) return cached as Promise<T>;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const pending = compute();
    this.entries.set(key, pending);
    // A failed query is not an answer: the next request tries again.
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    return pending;
  }
}
