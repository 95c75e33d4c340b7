import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  it('allows the limit, refuses the next with a Retry-After, and frees up as the window slides', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    const rule = { limit: 5, windowMs: 60_000 };
    for (let i = 0; i < 5; i++) {
      expect(limiter.hit('a', rule).allowed).toBe(true);
      now += 1_000;
    }
    const refused = limiter.hit('a', rule);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 55 });
    expect(limiter.hit('b', rule).allowed).toBe(true);
    now += 55_000;
    expect(limiter.hit('a', rule).allowed).toBe(true);
    expect(limiter.hit('a', rule).allowed).toBe(false);
  });

  it('tells when a key is exhausted without counting the question as an attempt', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const rule = { limit: 2, windowMs: 10_000 };
    limiter.hit('a', rule);
    expect(limiter.isExhausted('a', rule)).toBe(false);
    expect(limiter.isExhausted('a', rule)).toBe(false);
    limiter.hit('a', rule);
    expect(limiter.isExhausted('a', rule)).toBe(true);
    now += 10_001;
    expect(limiter.isExhausted('a', rule)).toBe(false);
  });
});
