import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessInterests } from '../../db/schema/businesses';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { authedInject } from '../../testing/auth-helpers';
import { createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * ADR 035: whether an address has an account must not show in any answer.
 * Each case sends the same request for a new and for a registered address and compares
 * status and body (ids and timestamps included: there should be none to differ).
 */
describe('answers do not reveal whether an address has an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const mailsTo = async (email: string) => {
    await t.app.ctx.mail.flush();
    return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  };

  it('POST /api/business/interest answers 201 alike, and mails the existing owner instead', async () => {
    await createUser(t.database.db, { email: 'known-shop@example.test', locale: 'es', name: 'Conocida' });
    const ask = (email: string) =>
      authedInject(t, null, { method: 'POST', url: '/api/business/interest', payload: { businessName: 'Tienda', email, locale: 'en' } });
    const known = await ask('known-shop@example.test');
    const fresh = await ask('fresh-shop@example.test');
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.statusCode).toBe(201);
    expect(known.json()).toEqual({ status: 'pending', email: 'known-shop@example.test' });
    expect(fresh.json()).toEqual({ status: 'pending', email: 'fresh-shop@example.test' });
    // The owner of the address learns what happened, in their own language.
    const mails = await mailsTo('known-shop@example.test');
    expect(mails.map((m) => [m.template, m.locale])).toEqual([['account-exists', 'es']]);
    expect(await t.database.db.select().from(businessInterests).where(eq(businessInterests.email, 'known-shop@example.test'))).toHaveLength(0);
  });

  it('POST /api/auth/sign-up/email answers byte for byte alike', async () => {
    await createUser(t.database.db, { email: 'known-person@example.test', locale: 'en' });
    const ask = (email: string, extra: Record<string, unknown> = {}) =>
      authedInject(t, null, {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { 'x-regalo-locale': 'es' },
        payload: { email, password: 'long-enough-password-9', name: 'Ana', ...extra },
      });
    for (const extra of [{}, { locale: 'es' }, { userType: 'business', businessName: '  Taller  ' }]) {
      const suffix = Object.keys(extra).join('-') || 'plain';
      const known = await ask('known-person@example.test', extra);
      const fresh = await ask(`fresh-${suffix}@example.test`, extra);
      expect(known.statusCode, suffix).toBe(200);
      expect(fresh.statusCode, suffix).toBe(200);
      expect(known.body, suffix).toBe(fresh.body);
    }
  });

  it('POST /api/auth/sign-up/email refuses a bad field alike for a registered address', async () => {
    await createUser(t.database.db, { email: 'known-phone@example.test' });
    for (const email of ['known-phone@example.test', 'fresh-phone@example.test']) {
      const res = await authedInject(t, null, {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, password: 'long-enough-password-9', name: 'P', phone: 'call me' },
      });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_SIGN_UP_FIELD' });
    }
  });
});
