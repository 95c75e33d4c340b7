import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authedInject } from '../testing/auth-helpers';
import { createUser } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two servers behind one load balancer must count together, or each one multiplies the
 * allowance. With REDIS_URL both keep their counters in Redis.
 */
describe('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { RATE_LIMIT: 'on', REDIS_URL } });
    b = await createTestApp({ env: { RATE_LIMIT: 'on', REDIS_URL } });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('refuses the 6th sign-in for one email even when the attempts are spread over two servers', async () => {
    // A fresh email per run: other runs may share this Redis.
    const email = `shared-${randomUUID()}@example.test`;
    await createUser(a.database.db, { email, password: 'the-right-password-1' });
    const signIn = (t: TestApp, i: number) =>
      authedInject(t, null, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: `wrong-password-${i}` },
        remoteAddress: `198.51.100.${i + 1}`,
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(i % 2 === 0 ? a : b, i)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    for (const t of [a, b]) {
      const res = await signIn(t, 9);
      expect(res.statusCode).toBe(429);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
  });

  it('keeps separate counters per email', async () => {
    const email = `other-${randomUUID()}@example.test`;
    await createUser(a.database.db, { email, password: 'the-right-password-2' });
    const res = await authedInject(b, null, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'the-right-password-2' },
      remoteAddress: '198.51.100.77',
    });
    expect(res.statusCode).toBe(200);
  });
});

// With Redis unreachable the limits fall back to each process's memory: rate-limit-fallback.int.test.ts.
