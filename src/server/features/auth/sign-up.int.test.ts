import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { checkouts } from '../../db/schema/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { profiles } from '../../db/schema/profiles';
import { sessions, users } from '../../db/schema/auth';
import {
  authedInject,
  cookieFrom,
  latestMailTo,
  signIn,
  signUp,
  verifyEmailFromOutbox,
} from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('sign-up, verification, sign-in and sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs up, mails a link in the user language, verifies into a session, and signs out for good', async () => {
    const email = 'lucia@example.test';
    const res = await signUp(t, { email, password: 'naranjas-del-turia-7', name: 'Lucía García', locale: 'es', phone: '612 345 678' });
    expect(res.headers['set-cookie'] ?? '').not.toContain('session_token=');

    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ emailVerified: false, locale: 'es', userType: 'consumer', role: 'user', phone: '+34612345678' });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({ email, fullName: 'Lucía García', phone: '+34612345678' });

    const mail = await latestMailTo(t, email, 'verify-email');
    expect(mail.subject).toBe('Confirma tu correo electrónico en Regalo');
    expect(mail.status).toBe('sent');
    expect(mail.transport).toBe('dev');
    expect(mail.html).toContain('lang="es"');

    const { response, cookie } = await verifyEmailFromOutbox(t, email, cookieFrom(res));
    // Marked, so that the same link used again (no session then) can be explained on /auth.
    expect(response.headers.location).toBe('/app?verified=1');
    expect(cookie).toContain('better-auth.session_token=');
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const me = await authedInject(t, cookie, { method: 'GET', url: '/api/profile' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, fullName: 'Lucía García' });

    // The session is readable by the page, but never its token (that stays in the HttpOnly cookie).
    const session = await authedInject(t, cookie, { method: 'GET', url: '/api/auth/get-session' });
    expect(session.json()).toMatchObject({ user: { email, locale: 'es', role: 'user' }, session: { userId: user!.id } });
    expect(session.body).not.toMatch(/"token"/);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(session.body).not.toContain(row!.token);
    const list = await authedInject(t, cookie, { method: 'GET', url: '/api/auth/list-sessions' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(row!.token);

    const out = await authedInject(t, cookie, { method: 'POST', url: '/api/auth/sign-out', payload: {} });
    expect(out.statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
    const after = await authedInject(t, cookie, { method: 'GET', url: '/api/profile' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('lands the confirmation on a page told the address is confirmed and how many guest purchases wait for it', async () => {
    const email = 'quique@example.test';
    const now = new Date();
    const guestCheckout = async (values: Partial<typeof checkouts.$inferInsert>) =>
      t.database.db.insert(checkouts).values({
        guestName: 'Quique',
        guestEmail: 'Quique@Example.test',
        guestLocale: 'es',
        status: 'succeeded',
        provider: 'test',
        providerRef: `test_${randomUUID()}`,
        amountTotal: 2500,
        idempotencyKey: `key_${randomUUID().replaceAll('-', '')}`,
        termsVersion: TERMS_VERSION,
        completedAt: now,
        createdAt: now,
        updatedAt: now,
        ...values,
      });
    // Two paid as a guest with the address (any case), in no account: found.
    await guestCheckout({});
    await guestCheckout({ guestEmail: 'QUIQUE@example.test' });
    // Not counted: unpaid, already in an account, another address.
    await guestCheckout({ status: 'pending', completedAt: null });
    await guestCheckout({ claimedAt: now });
    await guestCheckout({ guestEmail: 'someone-else@example.test' });

    const res = await signUp(t, { email, password: 'naranjas-del-turia-8', name: 'Quique', locale: 'es' });
    const { response } = await verifyEmailFromOutbox(t, email, cookieFrom(res));
    expect(response.headers.location).toBe('/app?verified=1&found=2');

    // Opened again, elsewhere: the same landing, for the same mailbox's holder.
    const again = await verifyEmailFromOutbox(t, email);
    expect(again.response.headers.location).toMatch(/^\/app\?/);
  });

  it('mails in English when the page is in English, and falls back to the stored locale', async () => {
    await signUp(t, { email: 'sam@example.test', password: 'a-quiet-valencia-morning', name: 'Sam', locale: 'en' });
    expect((await latestMailTo(t, 'sam@example.test')).subject).toBe('Confirm your email address for Regalo');

    // Resend without the header: the language stored at sign-up is used.
    await authedInject(t, null, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'rosa@example.test', password: 'horchata-con-fartons', name: 'Rosa', locale: 'es' },
    });
    await t.database.db.delete(mailOutbox);
    const resend = await authedInject(t, null, { method: 'POST', url: '/api/auth/send-verification-email', payload: { email: 'rosa@example.test' } });
    expect(resend.statusCode).toBe(200);
    expect((await latestMailTo(t, 'rosa@example.test')).subject).toBe('Confirma tu correo electrónico en Regalo');
  });

  it('sends a broken or used verification link back to the app with an error code', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=not-a-token&callbackURL=%2Fapp' });
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toBe('/app?error=INVALID_TOKEN');
  });

  it('stores the page language as the account language when the body has none', async () => {
    const signUp = (name: string, headers: Record<string, string>) =>
      authedInject(t, null, {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers,
        payload: { email: `${name.toLowerCase()}@example.test`, password: 'horchata-con-fartons', name },
      });
    await signUp('Hdr', { 'x-regalo-locale': 'es' });
    await signUp('Browser', { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' });
    await signUp('Plain', {});
    // The browser's languages go through the locale module's negotiation: Catalan of Spain
    // is Valencian, and a first language we do not speak gives way to the next one we do.
    await signUp('Catalan', { 'accept-language': 'ca-ES,ca;q=0.9,es;q=0.8' });
    await signUp('French', { 'accept-language': 'fr-FR,fr;q=0.9,es;q=0.8' });
    const rows = await t.database.db.select({ email: users.email, locale: users.locale }).from(users);
    expect(Object.fromEntries(rows.map((r) => [r.email, r.locale]))).toEqual({
      'hdr@example.test': 'es',
      'browser@example.test': 'es',
      'plain@example.test': 'en',
      'catalan@example.test': 'va',
      'french@example.test': 'es',
    });
    expect((await latestMailTo(t, 'browser@example.test')).locale).toBe('es');
  });

  it('uses __Secure- cookies marked Secure when the public URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://regalo.example' } });
    try {
      const signedUp = await signUp(secure, { email: 'tls@example.test', password: 'horchata-con-fartons', name: 'Tls' });
      expect(String(signedUp.headers['set-cookie'])).toMatch(/regalo\.sign-up=[^;]+;.*; Secure/);
      const { response } = await verifyEmailFromOutbox(secure, 'tls@example.test', cookieFrom(signedUp));
      const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
      const session = setCookie.find((c) => c.includes('session_token='))!;
      expect(session).toMatch(/^__Secure-better-auth\.session_token=/);
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
    } finally {
      await secure.close();
    }
  });

  it('answers a repeated sign-up like a new one, and tells the owner of the address by mail', async () => {
    const first = { email: 'dup@example.test', password: 'horchata-con-fartons', name: 'Dup', locale: 'es' as const };
    // Not confirmed yet: the first password proves nothing, so a second sign-up replaces it
    // (pre-registration takeover, ADR 054) and mails a fresh, working verification link.
    await signUp(t, { ...first, password: 'another-long-password', name: 'Impostor' });
    await t.database.db.delete(mailOutbox);
    const again = await signUp(t, first);
    expect(again.json()).toEqual({ status: 'verification_sent' });
    expect((await latestMailTo(t, first.email)).template).toBe('verify-email');
    await verifyEmailFromOutbox(t, first.email);
    await signIn(t, { email: first.email, password: first.password });

    // Confirmed: the owner gets an "you already have an account" mail; nothing changes.
    const third = await signUp(t, { ...first, password: 'yet-another-long-password', name: 'Impostor' });
    expect(third.statusCode).toBe(200);
    const mail = await latestMailTo(t, first.email);
    expect(mail).toMatchObject({ template: 'account-exists', subject: 'Ya tienes una cuenta en Regalo' });
    expect(mail.text).toContain('http://localhost:3000/auth');
    const rows = await t.database.db.select().from(users).where(eq(users.email, first.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('Dup');
    await signIn(t, { email: first.email, password: first.password });
  });

  it('refuses sign-in before the email is verified, and the resent link works', async () => {
    const email = 'pending@example.test';
    const password = 'paella-valenciana-2-personas';
    await signUp(t, { email, password, name: 'Pending' });
    const early = await authedInject(t, null, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(cookieFrom(early)).toBe('');

    await t.database.db.delete(mailOutbox);
    const resend = await authedInject(t, null, { method: 'POST', url: '/api/auth/send-verification-email', payload: { email, callbackURL: '/app' } });
    expect(resend.statusCode).toBe(200);
    await verifyEmailFromOutbox(t, email);
    const { user, cookie } = await signIn(t, { email, password });
    expect(user).toMatchObject({ email, emailVerified: true });
    expect(cookie).toContain('session_token=');
  });

  it('refuses weak, common and over-long passwords with their own codes, creating nothing', async () => {
    const cases: [string, string][] = [
      ['short7!', 'PASSWORD_TOO_SHORT'],
      ['Password123', 'PASSWORD_TOO_COMMON'],
      ['QWERTYUIOP', 'PASSWORD_TOO_COMMON'],
      ['x'.repeat(129), 'PASSWORD_TOO_LONG'],
    ];
    for (const [password, code] of cases) {
      const res = await authedInject(t, null, {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: 'weak@example.test', password, name: 'Weak' },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({ code });
    }
    expect(await t.database.db.select().from(users)).toHaveLength(0);
    // 128 characters is still allowed.
    await signUp(t, { email: 'long@example.test', password: 'y'.repeat(127) + 'z', name: 'Long' });
  });

  it('refuses a bad phone number and ignores a self-granted admin role', async () => {
    const badPhone = await authedInject(t, null, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'p@example.test', password: 'un-buen-dia-en-ruzafa', name: 'P', phone: 'call me' },
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toMatchObject({ code: 'INVALID_SIGN_UP_FIELD' });
    const admin = await authedInject(t, null, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'a@example.test', password: 'un-buen-dia-en-ruzafa', name: 'A', role: 'admin' },
    });
    // Better Auth drops fields that take no input: the account exists, as a plain user.
    expect(admin.statusCode).toBe(200);
    const rows = await t.database.db.select().from(users);
    expect(rows.map((u) => [u.email, u.role])).toEqual([['a@example.test', 'user']]);
  });
});
