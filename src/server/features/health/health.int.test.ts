import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';

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
    });
    expect(res.headers['x-request-id']).toMatch(/.{8,}/);
  });

  it('answers unknown API routes with RFC 9457 problem+json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found', title: 'Not Found' });
  });
});
