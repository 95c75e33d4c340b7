import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema/contacts';
import { users } from '../../db/schema/auth';
import { as, ownerWithSales, signedInUser } from '../../features/business-dashboard/dashboard-test-world';
import { authedInject } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Finding 9 of issue 13: a NUL byte reached PostgreSQL (which cannot store it in text) and
 * came back as a 500; so did a far-future `since`. Both must be a 400 that changes nothing,
 * on every route: the NUL check is one hook for every body, query and parameter.
 */
describe('NUL bytes and impossible dates are refused with 400', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('in JSON bodies, nested or not, and changes nothing', async () => {
    const { cookie } = await signedInUser(t);
    const before = (await t.database.db.select().from(contacts)).length;
    const attempts = [
      { method: 'PATCH' as const, url: '/api/profile', payload: { fullName: 'Ana\u0000Soler' } },
      { method: 'POST' as const, url: '/api/contacts', payload: { name: 'Pau\u0000' } },
      { method: 'POST' as const, url: '/api/contacts', payload: { name: 'Pau', notes: 'x', extra: ['ok', { deep: '\u0000' }] } },
    ];
    for (const attempt of attempts) {
      const res = await as(t, cookie)(attempt);
      expect(res.statusCode, attempt.url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await t.database.db.select().from(contacts)).length).toBe(before);
    const profile = await as(t, cookie)({ method: 'GET', url: '/api/profile' });
    expect(profile.body).not.toContain('\\u0000');
  });

  it('in query strings', async () => {
    const { cookie } = await signedInUser(t);
    for (const url of ['/api/contacts?q=a%00b', '/api/catalog/gifts?q=%00', '/api/catalog/businesses?q=caf%00']) {
      const res = await as(t, cookie)({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('in bodies handed to Better Auth, JSON or form-encoded, and no account is created', async () => {
    const before = (await t.database.db.select().from(users)).length;
    const json = await authedInject(t, null, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'nul@example.test', password: 'long-enough-password', name: 'N\u0000L' },
    });
    expect(json.statusCode).toBe(400);
    const form = await authedInject(t, null, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=nul2%40example.test&password=long-enough-password&name=N%00L',
    });
    expect(form.statusCode).toBe(400);
    expect((await t.database.db.select().from(users)).length).toBe(before);
  });

  it.each([
    '+275760-09-13T00:00:00.000Z',
    '99999-01-01T00:00:00Z',
    '10000-01-01T00:00:00Z',
    'Tue, 01 Jan 2999 00:00:00 GMT',
    '2026-02-30T00:00:00Z',
    '1',
  ])('a since of %s on the order updates', async (since) => {
    const owner = await ownerWithSales(t);
    const res = await as(t, owner.cookie)({ method: 'GET', url: `/api/business/orders/updates?since=${encodeURIComponent(since)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { since: 'invalidDate' } });
  });

  it('still takes an ordinary since, with or without fractions and offsets', async () => {
    const owner = await ownerWithSales(t);
    for (const since of ['2026-11-21T10:00:00.000Z', '2026-11-21T10:00:00Z', '2026-11-21T11:00:00.123456+01:00']) {
      const res = await as(t, owner.cookie)({ method: 'GET', url: `/api/business/orders/updates?since=${encodeURIComponent(since)}` });
      expect(res.statusCode, since).toBe(200);
    }
  });
});
