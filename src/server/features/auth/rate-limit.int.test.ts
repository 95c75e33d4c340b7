import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authedInject } from '../../testing/auth-helpers';
import { createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('auth rate limits (RATE_LIMIT=on)', () => {
  let t: TestApp;
  // @fastify/rate-limit's memory store reads Date.now(); only the clock is faked, not timers.
  // The faked clock still runs (a busy machine may take many seconds between two steps), so
  // time is moved on from where the clock is now, never set to a fixed moment.
  const advance = (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-05-01T10:00:00Z'));
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  const signIn = (email: string, password: string, ip = '203.0.113.7') =>
    authedInject(t, null, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: ip });

  it('answers the 6th sign-in for one email within a minute with 429 rate_limited and Retry-After', async () => {
    await createUser(t.database.db, { email: 'target@example.test', password: 'the-right-password-1' });
    for (let i = 0; i < 5; i++) {
      const res = await signIn('target@example.test', `wrong-password-${i}`, `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    // Even the right password from another address is refused now: the account is protected.
    const sixth = await signIn('Target@Example.test', 'the-right-password-1', '198.51.100.99');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['content-type']).toContain('application/problem+json');
    expect(sixth.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Other accounts are not affected, and a minute later the account is free again.
    await createUser(t.database.db, { email: 'other@example.test', password: 'the-right-password-2' });
    expect((await signIn('other@example.test', 'the-right-password-2', '198.51.100.50')).statusCode).toBe(200);
    advance(61_000);
    expect((await signIn('target@example.test', 'the-right-password-1', '198.51.100.51')).statusCode).toBe(200);
  });

  it('limits one address to 30 attempts a minute across accounts', async () => {
    advance(120_000);
    for (let i = 0; i < 30; i++) {
      expect((await signIn(`spray-${i}@example.test`, 'whatever-password', '192.0.2.10')).statusCode).toBe(401);
    }
    const res = await signIn('spray-x@example.test', 'whatever-password', '192.0.2.10');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
  });

  it('limits password-reset requests per email', async () => {
    advance(120_000);
    const request = (ip: string) =>
      authedInject(t, null, {
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: 'reset-me@example.test', redirectTo: '/auth/reset-password' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i++) expect((await request(`198.18.0.${i + 1}`)).statusCode).toBe(200);
    expect((await request('198.18.0.99')).statusCode).toBe(429);
  });
});
