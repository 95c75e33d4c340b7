import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authedInject } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * ADR 035: with every hop trusted, a client wrote its own X-Forwarded-For and
 * escaped every per-IP limit. Behind one proxy (TRUST_PROXY=1) the address is the one the
 * proxy appended, whatever the client put in front of it.
 */
describe.each([
  ['a hop count', '1'],
  ['the proxy address', '127.0.0.1'],
  ['the proxy range', '127.0.0.0/8'],
])('TRUST_PROXY as %s', (_label, trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on', TRUST_PROXY: trustProxy } });
  });
  afterAll(() => t.close());

  const attempt = (forged: string) =>
    authedInject(t, null, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: `spray-${forged}@example.test`, password: 'whatever-password' },
      remoteAddress: '127.0.0.1',
      // The client's own header, then the address our proxy saw and appended.
      headers: { 'x-forwarded-for': `10.9.${forged}.1, 192.0.2.77` },
    });

  it('keys the per-IP limit on the address the proxy appended, not on one the client forged', async () => {
    for (let i = 0; i < 30; i++) expect((await attempt(String(i))).statusCode).toBe(401);
    const res = await attempt('99');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
  });
});

describe.each([['127.0.0.1'], ['127.0.0.0/8, 10.0.0.0/8']])('TRUST_PROXY=%s', (trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on', TRUST_PROXY: trustProxy } });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For from an address that is not the proxy', async () => {
    const direct = (i: number) =>
      authedInject(t, null, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: `direct-${i}@example.test`, password: 'whatever-password' },
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': `10.8.${i}.1` },
      });
    for (let i = 0; i < 30; i++) expect((await direct(i)).statusCode).toBe(401);
    expect((await direct(99)).statusCode).toBe(429);
  });
});
