import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicJob } from './periodic-job';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

describe('createPeriodicJob', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at start and then every interval, never overlapping, and stops', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let release: () => void = () => undefined;
    const job = createPeriodicJob('test', 1000, () => {
      runs += 1;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    }, log);
    job.start();
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1); // the first run is still going
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    release();
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });

  it('logs a failure and tries again at the next tick', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const job = createPeriodicJob('failing', 1000, async () => {
      runs += 1;
      throw new Error('storage down');
    }, log);
    job.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(log.error).toHaveBeenCalled();
    await job.stop();
  });
});
