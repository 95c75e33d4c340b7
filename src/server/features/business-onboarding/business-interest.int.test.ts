import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth';
import { businessInterests } from '../../db/schema/businesses';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { profiles } from '../../db/schema/profiles';
import { authedInject, cookieFrom, latestMailTo, linkIn } from '../../testing/auth-helpers';
import { createBusinessInterest, createUser } from '../../testing/factories';
import { UNPROVEN_MAIL_LIMITS } from '../../platform/route-limits';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { CONFIRMATION_TTL_MS, hashConfirmationToken } from './confirmation-token';

const HOUR = 60 * 60 * 1000;

describe('business interest and token confirmation', () => {
  let t: TestApp;
  let now = new Date('2026-03-02T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now = new Date('2026-03-02T10:00:00Z');
  });

  const submitInterest = (body: Record<string, unknown>) =>
    authedInject(t, null, { method: 'POST', url: '/api/business/interest', payload: body });
  const confirm = (body: Record<string, unknown>, cookie: string | null = null) =>
    authedInject(t, cookie, { method: 'POST', url: '/api/business/interest/confirm', payload: body });

  async function tokenFromMail(email: string): Promise<string> {
    const mail = await latestMailTo(t, email, 'business-confirmation');
    const link = linkIn(mail.text, t.config.publicUrl);
    expect(link.pathname).toBe('/confirm');
    expect(link.searchParams.get('type')).toBe('business');
    return link.searchParams.get('token')!;
  }

  it('creates the business user, the hashed 48-hour token and a Spanish mail in one go', async () => {
    const res = await submitInterest({ businessName: 'Horchatería Daniel', email: 'Hola@Daniel.TEST', locale: 'es' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'pending', email: 'hola@daniel.test' });

    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'hola@daniel.test'));
    expect(user).toMatchObject({ userType: 'business', isBusiness: true, businessName: 'Horchatería Daniel', emailVerified: false, locale: 'es' });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile?.email).toBe('hola@daniel.test');

    const token = await tokenFromMail('hola@daniel.test');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [interest] = await t.database.db.select().from(businessInterests);
    expect(interest).toMatchObject({ email: 'hola@daniel.test', userId: user!.id, isConfirmed: false, userType: 'business' });
    expect(interest!.confirmationToken).toBe(hashConfirmationToken(token));
    expect(interest!.confirmationToken).not.toContain(token);
    expect(interest!.expiresAt!.getTime() - now.getTime()).toBe(CONFIRMATION_TTL_MS);

    const mail = await latestMailTo(t, 'hola@daniel.test', 'business-confirmation');
    expect(mail.locale).toBe('es');
    expect(mail.subject).toContain('Confirma');
  });

  it('writes the mail in English when the page was English', async () => {
    await submitInterest({ businessName: 'Bar Central', email: 'bar@central.test', locale: 'en' });
    const mail = await latestMailTo(t, 'bar@central.test', 'business-confirmation');
    expect(mail.locale).toBe('en');
    expect(mail.subject).toBe('Confirm your business email for Regalo');
  });

  it('answers an address that has a user like a new one, creating nothing (the owner is mailed)', async () => {
    await createUser(t.database.db, { email: 'taken@example.test' });
    const res = await submitInterest({ businessName: 'Otro', email: 'TAKEN@example.test', locale: 'en' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'pending', email: 'taken@example.test' });
    expect(await t.database.db.select().from(businessInterests)).toHaveLength(0);
    expect((await latestMailTo(t, 'taken@example.test')).template).toBe('account-exists');
  });

  it('a second submit with the same address creates no second user, record or mail', async () => {
    const first = await submitInterest({ businessName: 'Dos Veces', email: 'twice@example.test', locale: 'en' });
    const second = await submitInterest({ businessName: 'Dos Veces', email: 'twice@example.test', locale: 'en' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'twice@example.test'))).toHaveLength(1);
    expect(await t.database.db.select().from(businessInterests)).toHaveLength(1);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'twice@example.test'))).toHaveLength(1);
  });

  it('two submits racing each other end with one user, one record and one mail, both answered as success', async () => {
    const results = await Promise.all([
      submitInterest({ businessName: 'Carrera', email: 'race@example.test', locale: 'en' }),
      submitInterest({ businessName: 'Carrera', email: 'race@example.test', locale: 'en' }),
    ]);
    // Whichever came second either saw the first user or lost the unique race: 201 both ways.
    for (const r of results) expect(r.statusCode).toBe(201);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'race@example.test'))).toHaveLength(1);
    expect(await t.database.db.select().from(businessInterests)).toHaveLength(1);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'race@example.test'))).toHaveLength(1);
  });

  it('submitting again after the link expired mails a fresh link, answering as before', async () => {
    await submitInterest({ businessName: 'Olvido', email: 'forgot@example.test', locale: 'es' });
    const old = await tokenFromMail('forgot@example.test');
    now = new Date(now.getTime() + CONFIRMATION_TTL_MS + 1000);
    const res = await submitInterest({ businessName: 'Olvido', email: 'forgot@example.test', locale: 'es' });
    expect(res.statusCode).toBe(201);
    const fresh = await tokenFromMail('forgot@example.test');
    expect(fresh).not.toBe(old);
    expect((await confirm({ token: fresh })).json()).toMatchObject({ status: 'passwordRequired' });
  });

  it('refuses missing fields with field codes and changes nothing', async () => {
    const res = await submitInterest({ businessName: '  ', email: 'not-an-email', locale: 'es' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { businessName: 'fieldRequired', email: 'invalidEmail' } });
    expect(await t.database.db.select().from(users)).toHaveLength(0);
  });

  describe('POST /api/business/interest/confirm', () => {
    it('no token → token_missing', async () => {
      const res = await confirm({ type: 'business' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'token_missing' });
    });

    it('unknown token → token_invalid', async () => {
      const res = await confirm({ token: 'nope-not-a-real-token', type: 'business' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'token_invalid' });
    });

    it('a link past its expiry → token_expired, and nothing is confirmed', async () => {
      await submitInterest({ businessName: 'Tarde', email: 'late@example.test', locale: 'en' });
      const token = await tokenFromMail('late@example.test');
      now = new Date(now.getTime() + CONFIRMATION_TTL_MS + 1000);
      const res = await confirm({ token, type: 'business' });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ code: 'token_expired' });
      expect(res.headers['set-cookie']).toBeUndefined();
      const [user] = await t.database.db.select().from(users).where(eq(users.email, 'late@example.test'));
      expect(user!.emailVerified).toBe(false);
    });

    it('a fresh link asks for a password and changes nothing; only the browser that filled the form is told the address', async () => {
      const registered = await submitInterest({ businessName: 'Fresca', email: 'fresh@example.test', locale: 'es' });
      const token = await tokenFromMail('fresh@example.test');
      now = new Date(now.getTime() + 47 * HOUR);
      const there = await confirm({ token }, cookieFrom(registered));
      expect(there.statusCode).toBe(200);
      expect(there.json()).toEqual({ status: 'passwordRequired', type: 'business', email: 'fresh@example.test' });
      expect(cookieFrom(there)).not.toMatch(/session_token=/);
      // Any other browser (the phone's mail app, or someone handed the link) types the address.
      const elsewhere = await confirm({ token });
      expect(elsewhere.json()).toEqual({ status: 'passwordRequired', type: 'business', email: null });
      const otherForm = await authedInject(t, null, { method: 'POST', url: '/api/business/interest', payload: { businessName: 'X', email: 'third@example.test', locale: 'es' } });
      expect((await confirm({ token }, cookieFrom(otherForm))).json()).toMatchObject({ email: null });

      const [user] = await t.database.db.select().from(users).where(eq(users.email, 'fresh@example.test'));
      expect(user!.emailVerified).toBe(false);
      const [interest] = await t.database.db.select().from(businessInterests).where(eq(businessInterests.email, 'fresh@example.test'));
      expect(interest).toMatchObject({ isConfirmed: false, confirmedAt: null });
    });

    it('a used link says so without opening a session, even after expiry', async () => {
      await submitInterest({ businessName: 'Dos', email: 'again@example.test', locale: 'en' });
      const token = await tokenFromMail('again@example.test');
      const set = await authedInject(t, null, {
        method: 'POST',
        url: '/api/business/interest/password',
        payload: { token, email: 'again@example.test', newPassword: 'horchata-con-fartons-1871' },
      });
      expect(set.statusCode).toBe(200);
      now = new Date(now.getTime() + CONFIRMATION_TTL_MS * 2);
      const res = await confirm({ token, type: 'business' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'confirmed', alreadyConfirmed: true, type: 'business' });
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('a record created with a past expires_at is expired', async () => {
      const owner = await createUser(t.database.db, { userType: 'business', emailVerified: false });
      await createBusinessInterest(t.database.db, {
        email: owner.email,
        userId: owner.id,
        token: 'fixture-token',
        expiresAt: new Date(now.getTime() - 1),
      });
      const res = await confirm({ token: 'fixture-token' });
      expect(res.statusCode).toBe(410);
    });
  });

  describe('POST /api/business/interest/resend', () => {
    it('sends a new link from the expired one; the old link stops working', async () => {
      await submitInterest({ businessName: 'Nueva', email: 'resend@example.test', locale: 'es' });
      const old = await tokenFromMail('resend@example.test');
      now = new Date(now.getTime() + CONFIRMATION_TTL_MS + 1000);
      const res = await authedInject(t, null, { method: 'POST', url: '/api/business/interest/resend', payload: { token: old } });
      expect(res.statusCode).toBe(202);
      const fresh = await tokenFromMail('resend@example.test');
      expect(fresh).not.toBe(old);
      expect((await confirm({ token: old })).statusCode).toBe(404);
      expect((await confirm({ token: fresh })).statusCode).toBe(200);
      const mail = await latestMailTo(t, 'resend@example.test', 'business-confirmation');
      expect(mail.locale).toBe('es');
    });

    it('answers the same for an unknown address and sends nothing', async () => {
      const res = await authedInject(t, null, { method: 'POST', url: '/api/business/interest/resend', payload: { email: 'ghost@example.test' } });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ status: 'sent' });
      expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
    });
  });

  describe('POST /api/business/confirm-session', () => {
    it('needs a session', async () => {
      const res = await authedInject(t, null, { method: 'POST', url: '/api/business/confirm-session' });
      expect(res.statusCode).toBe(401);
    });
  });
});

describe('rate limit on interest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
  });
  afterAll(() => t.close());

  // The count every mail to an unproven address shares (ADR 054).
  it(`refuses submit ${UNPROVEN_MAIL_LIMITS.perAddress.limit + 1} for one address within the window`, async () => {
    const codes: number[] = [];
    for (let i = 0; i <= UNPROVEN_MAIL_LIMITS.perAddress.limit; i++) {
      const res = await authedInject(t, null, {
        method: 'POST',
        url: '/api/business/interest',
        payload: { businessName: 'Spam', email: 'limit@example.test', locale: 'en' },
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ code: 'rate_limited' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(codes).toEqual([...Array<number>(UNPROVEN_MAIL_LIMITS.perAddress.limit).fill(201), 429]);
  });
});
