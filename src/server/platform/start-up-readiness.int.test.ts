import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, freePort, startServerProcess } from '../testing/server-process';
import { testDatabaseKind } from '../testing/test-database';

interface Round {
  /** Milliseconds since the server's first answer. */
  at: number;
  health: { status: number; body: { status: string; reason?: string; overload: { shedding: boolean; eventLoopDelayMs: number } } };
  page: { status: number; code?: string };
}

/**
 * A server just started used to shed its first requests (the event loop's lateness during
 * start-up still counted) while /api/health answered 200 `ok` (ADR 082): a balancer that
 * trusts health sent traffic into it. The real entry point in its own process, polled from
 * its very first answer: health and a page side by side, round after round.
 */
describe('a server just started', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('is ready only when it serves: health is 503 with a reason while it sheds, 200 once it serves', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-start-up-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, RATE_LIMIT: 'off' };
    if (testDatabaseKind() === 'postgresql') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'regalo_start_up');
      cleanup.push(() => scratch.drop());
      env.DATABASE_URL = scratch.url;
    }
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const rounds: Round[] = [];
    let firstAnswerAt: number | undefined;
    let polling = true;
    // From before the process exists: refused until it listens, then every answer is kept.
    const poll = (async () => {
      while (polling && (firstAnswerAt === undefined || performance.now() - firstAnswerAt < 3000)) {
        try {
          const [health, page] = await Promise.all([fetch(`${origin}/api/health`), fetch(`${origin}/api/shop/featured`)]);
          firstAnswerAt ??= performance.now();
          const pageBody = (await page.json()) as { code?: string };
          rounds.push({
            at: Math.round(performance.now() - firstAnswerAt),
            health: { status: health.status, body: (await health.json()) as Round['health']['body'] },
            page: { status: page.status, code: page.status >= 400 ? pageBody.code : undefined },
          });
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    })();
    cleanup.push(async () => {
      polling = false;
      await poll;
    });
    const server = await startServerProcess({ ...env, PORT: String(port) });
    cleanup.push(() => server.stop());
    await poll;
    const shed = rounds.filter((r) => r.health.body.overload.shedding).length;
    console.info(`start-up: ${rounds.length} rounds in 3 s from the first answer, ${shed} while shedding; first: ${JSON.stringify(rounds[0])}`);

    expect(rounds.length).toBeGreaterThan(5);
    // Health never says ready while the server turns requests away: a page shed in a round
    // comes with health's 503 and its reason. (Work right after listening, the jobs' first
    // passes, may still make it shed on a loaded machine; then it says so.)
    for (const round of rounds) {
      if (round.health.body.overload.shedding) expect(round.health).toMatchObject({ status: 503, body: { status: 'degraded', reason: 'shedding' } });
      if (round.page.status === 503) expect(round.health.status, JSON.stringify(round)).toBe(503);
    }
    // And once health says ready, it serves.
    const ready = rounds.filter((r) => r.health.status === 200);
    expect(ready.length).toBeGreaterThan(0);
    expect(ready.every((r) => r.page.status === 200)).toBe(true);
  }, 180_000);
});
