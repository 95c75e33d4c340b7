import { describe, expect, it } from 'vitest';
import { nextPollDelay, POLL_MAX_MS, POLL_MIN_MS } from './poll-backoff';

describe('nextPollDelay', () => {
  it('doubles while nothing changes, up to a minute', () => {
    const delays: number[] = [];
    let delay = POLL_MIN_MS;
    for (let i = 0; i < 6; i++) {
      delay = nextPollDelay(delay, false);
      delays.push(delay);
    }
    expect(delays).toEqual([10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
    expect(Math.max(...delays)).toBe(POLL_MAX_MS);
  });

  it('goes back to the shortest wait when an order arrives', () => {
    expect(nextPollDelay(60_000, true)).toBe(POLL_MIN_MS);
    expect(nextPollDelay(20_000, true)).toBe(POLL_MIN_MS);
  });
});
