import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Runs `task` every `intervalMs` in a listening server (never during `inject` tests, which
 * call the task directly). The timer is unref'd so it never keeps the process alive, runs
 * never overlap, and a failure is logged and retried at the next tick.
 */
export function createPeriodicJob(
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  log: FastifyBaseLogger,
): PeriodicJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  const tick = () => {
    if (running) return;
    running = task()
      .catch((err: unknown) => log.error({ err, job: name }, 'periodic job failed'))
      .finally(() => {
        running = null;
      });
  };

  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
