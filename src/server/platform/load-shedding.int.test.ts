import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { wrapPglite, type Database, type DatabaseHandle } from '../db/client';
import { authedInject } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDatabaseKind } from '../testing/test-database';

/** Resolves on the first event-loop turn where `condition` holds (no fixed sleeps). */
async function until(condition: () => boolean): Promise<void> {
  // A short timer, not setImmediate: a loop of immediates can starve the timers phase, and
  // the delay histogram and the shedder's window both live on timers.
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Keeps the event loop busy for `ms`, as a CPU-bound burst of requests would. */
function blockEventLoop(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin
  }
}

describe('load shedding', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** A test-only route whose answers wait until the test lets them go. */
  function holdingRoute() {
    const waiting: (() => void)[] = [];
    return {
      extend: (app: FastifyInstance) =>
        app.post('/api/test/hold', async () => {
          await new Promise<void>((resolve) => waiting.push(resolve));
          return { ok: true };
        }),
      waiting: () => waiting.length,
      releaseAll: () => waiting.splice(0).forEach((resolve) => resolve()),
    };
  }

  it('answers 503 problem+json with Retry-After past the concurrency cap; /api/health says not ready (503, reason shedding) meanwhile; recovers', async () => {
    const hold = holdingRoute();
    t = await createTestApp({ env: { OVERLOAD_MAX_CONCURRENT_REQUESTS: '2', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' }, extend: hold.extend });
    const app = t.app;
    // Two requests being worked on: in flight, holding their slots.
    const held = [1, 2].map(() => authedInject(t!, null, { method: 'POST', url: '/api/test/hold', payload: {} }));
    await until(() => hold.waiting() === 2);
    expect(app.loadState()).toMatchObject({ inFlight: 2, shedding: true });

    const shed = await authedInject(t, null, { method: 'GET', url: '/api/contacts' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['content-type']).toContain('application/problem+json');
    expect(shed.headers['retry-after']).toBe('2');
    expect(shed.json()).toMatchObject({ status: 503, code: 'service_unavailable' });

    // Never shed itself: it answers, and says the process should get no traffic now (ADR 082).
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({
      status: 'degraded',
      reason: 'shedding',
      database: testDatabaseKind(),
      overload: { shedding: true, inFlight: 2, eventLoopDelayMs: expect.any(Number) },
      checks: expect.any(Object),
    });

    hold.releaseAll();
    expect((await Promise.all(held)).map((r) => r.statusCode)).toEqual([200, 200]);
    expect(app.loadState()).toMatchObject({ inFlight: 0, shedding: false });
    const after = await authedInject(t, null, { method: 'GET', url: '/api/contacts' });
    expect(after.statusCode).toBe(401);
    const ready = await app.inject({ method: 'GET', url: '/api/health' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', overload: { shedding: false, inFlight: 0 } });
  }, 90_000);

  it('counts a request only once its body has arrived, and sheds it then if the cap was reached meanwhile', async () => {
    const hold = holdingRoute();
    t = await createTestApp({ env: { OVERLOAD_MAX_CONCURRENT_REQUESTS: '1', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' }, extend: hold.extend });
    const app = t.app;
    // A body still arriving holds no slot (ADR 036)…
    const body = new PassThrough();
    body.write('{"name":');
    const slow = authedInject(t, null, {
      method: 'POST',
      url: '/api/contacts',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    const other = await authedInject(t, null, { method: 'GET', url: '/api/contacts' });
    expect(other.statusCode).toBe(401);
    expect(app.loadState().inFlight).toBe(0);

    // …and while it is still arriving, a complete request takes the only slot.
    const held = authedInject(t, null, { method: 'POST', url: '/api/test/hold', payload: {} });
    await until(() => hold.waiting() === 1);
    body.end('"Ana"}');
    const late = await slow;
    expect(late.statusCode).toBe(503);
    expect(late.headers['retry-after']).toBe('2');
    expect(hold.waiting()).toBe(1);
    hold.releaseAll();
    expect((await held).statusCode).toBe(200);
    expect(app.loadState().inFlight).toBe(0);
  }, 90_000);

  it('sheds while the event loop is late, /api/health answering 503 (reason shedding) meanwhile, and stops shedding once it catches up', async () => {
    t = await createTestApp({ env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '100', OVERLOAD_MAX_CONCURRENT_REQUESTS: '0' } });
    const app = t.app;
    const before = await authedInject(t, null, { method: 'GET', url: '/api/contacts' });
    expect(before.statusCode).toBe(401);

    blockEventLoop(400);
    await until(() => app.loadState().eventLoopDelayMs > 100);
    const shed = await authedInject(t, null, { method: 'GET', url: '/api/contacts' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('2');
    expect(shed.json()).toMatchObject({ code: 'service_unavailable' });
    const busy = await app.inject({ method: 'GET', url: '/api/health' });
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({ status: 'degraded', reason: 'shedding', overload: { shedding: true } });

    // Two quiet measuring windows later the spike has aged out.
    await until(() => app.loadState().eventLoopDelayMs <= 100);
    const after = await authedInject(t, null, { method: 'GET', url: '/api/contacts' });
    expect(after.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 90_000);

  it('does not hold the event loop’s lateness before the server listened against it', async () => {
    t = await createTestApp({ env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '1000', OVERLOAD_MAX_CONCURRENT_REQUESTS: '0' } });
    const app = t.app;
    // Start-up work (building the app, opening the database) keeps the loop busy…
    blockEventLoop(2500);
    await until(() => app.loadState().eventLoopDelayMs > 1000);
    // …and is over once the server listens: the shedder starts from a clean slate. (What runs
    // after, the jobs' first passes, is measured as usual.)
    await app.listen({ port: 0, host: '127.0.0.1' });
    expect(app.loadState()).toMatchObject({ shedding: false, eventLoopDelayMs: expect.toSatisfy((ms: number) => ms < 1000) });
  }, 90_000);
});

/** A database handle whose server is gone: PGlite closed, or PostgreSQL on a dead port. */
async function unreachableDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'pglite') {
    const client = await PGlite.create();
    await client.close();
    return wrapPglite(client);
  }
  const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 500 });
  return {
    db: drizzleNodePg(pool) as unknown as Database,
    kind: 'postgresql',
    onConnectionError: () => undefined,
    onLost: () => undefined,
    migrate: async () => {},
    close: () => pool.end(),
  };
}

describe('GET /api/health with the database unreachable', () => {
  it('answers 503 {"status":"degraded"} naming the database engine', async () => {
    const database = await unreachableDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'regalo-degraded-')),
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
      RATE_LIMIT: 'off',
    });
    const app = await buildApp({ config, database, webRoot: false, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toMatchObject({ status: 'degraded', reason: 'database_cannot_write', database: testDatabaseKind(), checks: { database: { status: 'degraded' } } });
    } finally {
      await app.close();
      await database.close().catch(() => undefined);
    }
  }, 90_000);
});
