import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_LIMITS } from './features/checkout/routes';
import { authedInject, createSignedInUser } from './testing/auth-helpers';
import { line, postCheckout, shop } from './testing/checkout-test-world';
import { createTestApp, type TestApp } from './testing/test-app';
import { PASSWORD_LIMITS, UNPROVEN_MAIL_LIMITS } from './platform/route-limits';

/** ADR 054, with RATE_LIMIT on: the declared limits hold. */
describe('declared limits, enforced', () => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `198.51.100.${++ip}`;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
  });
  afterAll(() => t.close());

  it('counts every mail to one unproven address together, whatever its case or +tag, across routes', async () => {
    const signUp = (email: string) =>
      authedInject(t, null, {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, password: 'a-long-enough-password', name: 'Anyone' },
        remoteAddress: nextIp(),
      });
    const interest = (email: string) =>
      authedInject(t, null, {
        method: 'POST',
        url: '/api/business/interest',
        payload: { businessName: 'Tienda', email, locale: 'es' },
        remoteAddress: nextIp(),
      });
    const attempts = [
      () => signUp('victim@example.test'),
      () => signUp('Victim+1@Example.test'),
      () => interest('victim+shop@example.test'),
      () => signUp('VICTIM+2@example.test'),
      () => interest('victim+x@EXAMPLE.test'),
    ];
    expect(attempts).toHaveLength(UNPROVEN_MAIL_LIMITS.perAddress.limit);
    for (const attempt of attempts) expect((await attempt()).statusCode).toBeLessThan(300);
    for (const attempt of [() => signUp('victim+3@example.test'), () => interest('victim@example.test')]) {
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    }
  });

  it('counts mail per IP across addresses and routes', async () => {
    const from = '203.0.113.200';
    for (let i = 0; i < UNPROVEN_MAIL_LIMITS.perIp.limit; i++) {
      const res = await authedInject(t, null, {
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: `spray-${i}@example.test`, redirectTo: '/auth/reset-password' },
        remoteAddress: from,
      });
      expect(res.statusCode).toBe(200);
    }
    const refused = await authedInject(t, null, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'one-more@example.test', password: 'a-long-enough-password', name: 'X' },
      remoteAddress: from,
    });
    expect(refused.statusCode).toBe(429);
  });

  it('limits password checks with a session: verify-password, change-password and deleting the account share one count', async () => {
    const { cookie } = await createSignedInUser(t);
    const tries = [
      () => authedInject(t, cookie, { method: 'POST', url: '/api/auth/verify-password', payload: { password: 'wrong-guess-1' }, remoteAddress: nextIp() }),
      () => authedInject(t, cookie, { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'wrong-guess-2', newPassword: 'another-long-password' }, remoteAddress: nextIp() }),
      () => authedInject(t, cookie, { method: 'DELETE', url: '/api/account', payload: { password: 'wrong-guess-3', confirmation: 'x' }, remoteAddress: nextIp() }),
    ];
    const statuses: number[] = [];
    for (let i = 0; i < PASSWORD_LIMITS.perAccount.limit + 1; i++) statuses.push((await tries[i % tries.length]!()).statusCode);
    expect(statuses.slice(0, PASSWORD_LIMITS.perAccount.limit).every((s) => s >= 400 && s < 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits checkouts per account', async () => {
    const { tea } = await shop(t);
    const { cookie } = await createSignedInUser(t);
    for (let i = 0; i < CHECKOUT_LIMITS.perAccount.limit; i++) {
      expect((await postCheckout(t, cookie, [line(tea.id)])).statusCode).toBeLessThan(300);
    }
    const refused = await postCheckout(t, cookie, [line(tea.id)]);
    expect(refused.statusCode).toBe(429);
  });
});
