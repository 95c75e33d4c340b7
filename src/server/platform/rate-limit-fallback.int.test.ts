import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { authedInject } from '../testing/auth-helpers';
import { createUser } from '../testing/factories';
import { freePort, waitFor } from '../testing/server-process';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * ADR 056: with Redis down, sign-ins waited 5–10 s and got 503. Now the rate
 * limits fall back to each process's memory within 200 ms (still applied), and the shared
 * counters are used again once Redis is back.
 */
describe('rate limits while Redis is unreachable', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  async function app(redisUrl: string): Promise<TestApp> {
    const t = await createTestApp({ env: { RATE_LIMIT: 'on', REDIS_URL: redisUrl } });
    cleanup.push(() => t.close());
    return t;
  }

  /** Wrong-password sign-ins for one email, timed; each from its own address (the per-email limit). */
  async function signIns(t: TestApp, email: string, count: number, from = 0) {
    const answers: { status: number; ms: number }[] = [];
    for (let i = from; i < from + count; i++) {
      const started = performance.now();
      const res = await authedInject(t, null, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: `wrong-password-${i}` },
        remoteAddress: `198.51.100.${i + 1}`,
      });
      answers.push({ status: res.statusCode, ms: performance.now() - started });
    }
    return answers;
  }

  it('answers sign-ins at once and still limits them when nobody listens on the Redis port', async () => {
    const t = await app(`redis://127.0.0.1:${await freePort()}`);
    const email = `no-redis-${randomUUID()}@example.test`;
    await createUser(t.database.db, { email, password: 'the-right-password-1' });
    const answers = await signIns(t, email, 6);
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
    for (const answer of answers) expect(answer.ms).toBeLessThan(1000);
    expect(t.app.rateLimitStatus()).toEqual({ store: 'memory', degraded: true });
  });

  it('falls back when the Redis it used is killed, and shares the counters again when it returns', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    cleanup.push(() => stopRedis(redis));
    const [a, b] = [await app(`redis://127.0.0.1:${port}`), await app(`redis://127.0.0.1:${port}`)];
    await waitFor(() => [a.app.rateLimitStatus().store, b.app.rateLimitStatus().store], (stores) => stores.every((s) => s === 'redis'), 10_000);

    // Shared: attempts on two servers count together (5 allowed per email and minute).
    const shared = `shared-${randomUUID()}@example.test`;
    await createUser(a.database.db, { email: shared, password: 'the-right-password-2' });
    expect([...(await signIns(a, shared, 3)), ...(await signIns(b, shared, 3, 3))].map((x) => x.status)).toEqual([401, 401, 401, 401, 401, 429]);

    await stopRedis(redis);
    // Down: each server answers at once and limits on its own (5 per process now).
    const alone = `alone-${randomUUID()}@example.test`;
    await createUser(a.database.db, { email: alone, password: 'the-right-password-3' });
    const onA = await signIns(a, alone, 6);
    const onB = await signIns(b, alone, 6, 6);
    for (const answers of [onA, onB]) {
      expect(answers.map((x) => x.status)).toEqual([401, 401, 401, 401, 401, 429]);
      for (const answer of answers) expect(answer.ms).toBeLessThan(1000);
    }
    expect(a.app.rateLimitStatus()).toEqual({ store: 'memory', degraded: true });

    // Back: ioredis reconnects by itself, and the counters are shared again.
    redis = await startRedis(port);
    await waitFor(() => [a.app.rateLimitStatus().store, b.app.rateLimitStatus().store], (stores) => stores.every((s) => s === 'redis'), 15_000);
    const again = `again-${randomUUID()}@example.test`;
    await createUser(a.database.db, { email: again, password: 'the-right-password-4' });
    expect([...(await signIns(a, again, 3)), ...(await signIns(b, again, 3, 3))].map((x) => x.status)).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

/** A throw-away Redis on `port` (no persistence), ready when it answers PING. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await waitFor(
    () =>
      new Promise<boolean>((resolve) => {
        const probe = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] });
        let out = '';
        probe.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
        probe.on('exit', () => resolve(out.trim() === 'PONG'));
      }),
    (ready) => ready,
    10_000,
    50,
  );
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}
