import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/client';
import { enqueueMail } from '../../mail/enqueue-mail';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { copyPgliteToFolder, getTestDatabase, testDatabaseKind } from '../../testing/test-database';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { CHECK_TIMEOUT_MS, CHECKS_REUSED_MS } from './check-dependencies';

describe('GET /api/health', () => {
  let t: TestApp;
  // Health reuses a round of checks for a second (on the monotonic clock); each test here
  // starts past that, and one moves the clock itself.
  let ahead = 0;
  const monotonic = performance.now.bind(performance);
  beforeAll(async () => {
    vi.spyOn(performance, 'now').mockImplementation(() => monotonic() + ahead);
    t = await createTestApp();
  });
  beforeEach(() => {
    ahead += CHECKS_REUSED_MS + 1;
  });
  afterAll(async () => {
    await t.close();
    vi.restoreAllMocks();
  });

  it('reports ok, which database engine serves it, and that nothing is being shed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: testDatabaseKind(),
      overload: { shedding: false, inFlight: 0, eventLoopDelayMs: expect.any(Number) },
      checks: {
        database: { status: 'ok' },
        storage: { status: 'ok' },
        mail: { status: 'ok', oldestDueSeconds: null },
        // Not configured here.
        redis: { status: 'off' },
      },
    });
    expect(res.headers['x-request-id']).toMatch(/.{8,}/);
  });

  it('reports how long the oldest due email has waited, and mail waiting too long as degraded without leaving rotation', async () => {
    await t.database.db.insert(mailOutbox).values({
      to: 'late@example.test',
      subject: 'Late',
      text: 'Late',
      html: '<p>Late</p>',
      template: 'order-receipt',
      nextAttemptAt: new Date(Date.now() - 20 * 60_000),
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { checks: { mail: { status: string; oldestDueSeconds: number } } };
    expect(body.checks.mail.status).toBe('degraded');
    expect(body.checks.mail.oldestDueSeconds).toBeGreaterThanOrEqual(20 * 60 - 5);
  });

  it('reports a storage that cannot take writes, without leaving rotation', async () => {
    // The files folder made immutable (root ignores permissions, not this): its writes fail.
    const files = path.join(t.config.dataDir, 'files');
    mkdirSync(files, { recursive: true });
    execFileSync('chattr', ['-R', '+i', files]);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', checks: { storage: { status: 'degraded' }, database: { status: 'ok' } } });
    } finally {
      execFileSync('chattr', ['-R', '-i', files]);
    }
  });

  it('answers unknown API routes with RFC 9457 problem+json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found', title: 'Not Found' });
  });

  it('runs one round of checks for concurrent probes and reuses its result for a second', async () => {
    let rounds = 0;
    const storage = t.app.ctx.storage;
    const put = storage.put.bind(storage);
    storage.put = (...args: Parameters<typeof put>) => {
      rounds++;
      return put(...args);
    };
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/api/health' })));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
      expect(rounds).toBe(1);
      // Within the second: the same answer.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(rounds).toBe(1);
      ahead += CHECKS_REUSED_MS;
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(rounds).toBe(2);
    } finally {
      storage.put = put;
    }
  });

  it('says the database is busy (200, with the detail) when its write commits after the bound, not that it cannot write', async () => {
    // Every connection taken by a transaction that waits (PGlite has one; the pool five):
    // the health write queues behind them, as behind a burst of requests.
    const holders = testDatabaseKind() === 'pglite' ? 1 : 5;
    let started = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: holders }, () =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        started++;
        await gate;
      }),
    );
    while (started < holders) await new Promise((resolve) => setTimeout(resolve, 5));
    const timer = setTimeout(release, CHECK_TIMEOUT_MS + 500);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', checks: { database: { status: 'busy', detail: expect.stringMatching(/^a write took \d+\.\d s to commit$/) } } });
    } finally {
      clearTimeout(timer);
      release();
      await Promise.all(held);
    }
  });
});

describe.runIf(testDatabaseKind() === 'pglite')('GET /api/health on PGlite on disk', () => {
  it('takes a recent commit synced to disk as proof that the disk takes writes, without a write of its own', async () => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'regalo-health-')), 'pglite');
    await copyPgliteToFolder(await getTestDatabase(), folder);
    const database = await openDatabase({ kind: 'pglite', dataDir: folder });
    const t = await createTestApp({ database });
    try {
      // What a request's commit does: its WAL is synced to disk.
      await enqueueMail(database.db, { to: 'proof@example.test', template: 'verify-email', locale: 'en', data: { url: 'http://localhost:3000/p' } });
      expect(database.lastDiskSyncAt?.()).toBeDefined();
      // The only connection is busy with a transaction: a write of health's own would wait.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let inside = false;
      const held = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inside = true;
        await gate;
      });
      while (!inside) await new Promise((resolve) => setTimeout(resolve, 5));
      try {
        const startedAt = performance.now();
        const res = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: 'ok', checks: { database: { status: 'ok' } } });
        // Its own write would wait for the transaction (SLOW_WRITE_LIMIT_MS, then "degraded").
        // The outbox read does wait, bounded by CHECK_TIMEOUT_MS: since ADR 094 a statement
        // outside a transaction never runs inside another request's open one on PGlite.
        expect(performance.now() - startedAt).toBeLessThan(CHECK_TIMEOUT_MS + 1000);
      } finally {
        release();
        await held;
      }
    } finally {
      await t.close();
      await database.close();
    }
  }, 120_000);
});
