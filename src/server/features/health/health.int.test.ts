import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import { mailOutbox } from '../../db/schema/mail-outbox';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

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
});
