import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema/auth';
import { businesses, businessInterests } from '../../db/schema/businesses';
import { authedInject, cookieFrom, latestMailTo, linkIn, signIn, signUp } from '../../testing/auth-helpers';
import { createAuthId, createBusinessInterest, createUser } from '../../testing/factories';
import { createSessionCookie } from '../../platform/auth/create-session-cookie';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { multipart, samplePdf } from '../../testing/upload-files';
import { CONFIRMATION_TTL_MS } from './confirmation-token';

const PASSWORD = 'fartons-amb-orxata-1871';

/**
 * The business confirmation link opened anywhere (ADR 081): whoever holds the mail sets the
 * password there and goes on with the wizard; the link stays single-use and expiring, and
 * never replaces the password of an account whose address was already confirmed.
 */
describe('POST /api/business/interest/password', () => {
  let t: TestApp;
  let now = new Date('2026-03-02T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now = new Date('2026-03-02T10:00:00Z');
  });

  const post = (cookie: string | null, url: string, payload: Record<string, unknown>) => authedInject(t, cookie, { method: 'POST', url, payload });
  const setPassword = (payload: Record<string, unknown>, cookie: string | null = null) => post(cookie, '/api/business/interest/password', payload);

  /** The interest form filled in one browser; returns that browser's cookie and the mailed token. */
  async function interest(email: string, businessName = 'Orxateria Daniel') {
    const form = await post(null, '/api/business/interest', { businessName, email, locale: 'va' });
    expect(form.statusCode).toBe(201);
    const mail = await latestMailTo(t, email, 'business-confirmation');
    return { formCookie: cookieFrom(form), token: linkIn(mail.text, t.config.publicUrl).searchParams.get('token')! };
  }
  const userOf = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!;
  const interestOf = async (email: string) => (await t.database.db.select().from(businessInterests).where(eq(businessInterests.email, email)))[0]!;
  const credentialOf = async (userId: string) =>
    (await t.database.db.select().from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'))))[0];

  it('a link opened with no session on another device sets the password, signs that browser in and the wizard goes on', async () => {
    const { token } = await interest('phone@example.test');
    // The phone's mail app: no cookie of the form's browser, so the address is typed.
    const opened = await post(null, '/api/business/interest/confirm', { token, type: 'business' });
    expect(opened.json()).toEqual({ status: 'passwordRequired', type: 'business', email: null });

    now = new Date(now.getTime() + 47 * 60 * 60 * 1000);
    const res = await setPassword({ token, email: ' Phone@Example.TEST ', newPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'confirmed', signedIn: true });
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = cookieFrom(res);
    expect(cookie).toMatch(/session_token=/);

    const user = await userOf('phone@example.test');
    expect(user.emailVerified).toBe(true);
    expect(await interestOf('phone@example.test')).toMatchObject({ isConfirmed: true, confirmedAt: now, userType: 'business' });
    // The wizard, on the phone: who is registering, step 1's draft, and the submit itself.
    const me = await post(cookie, '/api/business/confirm-session', {});
    expect(me.json()).toEqual({ businessName: 'Orxateria Daniel', email: 'phone@example.test', hasBusiness: false });
    expect((await authedInject(t, cookie, { method: 'GET', url: '/api/account/password' })).json()).toEqual({ hasPassword: true, hasGoogle: false });
    for (const type of ['business_license', 'tax_registration', 'id_document']) {
      const body = multipart([{ name: 'type', value: type }, { name: 'file', fileName: `${type}.pdf`, contentType: 'application/pdf', data: samplePdf() }]);
      expect((await authedInject(t, cookie, { method: 'POST', url: '/api/business/documents', payload: body.payload, headers: body.headers })).statusCode).toBe(201);
    }
    const registered = await post(cookie, '/api/business/registration', {
      businessName: 'Orxateria Daniel',
      category: 'traditional_drinks',
      address: 'Carrer de Sant Vicent Màrtir 12, València',
      taxId: '12345678Z',
      businessType: 'individual',
      legalName: 'Daniel Martí Soler',
      fiscalAddress: 'Carrer de Sant Vicent Màrtir 12, 46002 València',
      district: 'ciutat_vella',
      commissionAccepted: true,
    });
    expect(registered.statusCode).toBe(201);
    // And the password works from now on, anywhere.
    const later = await signIn(t, { email: 'phone@example.test', password: PASSWORD });
    expect(later.user).toMatchObject({ email: 'phone@example.test', emailVerified: true, isBusiness: true });
  });

  it('the browser that filled the form is told the address, and sets the password the same way', async () => {
    const { formCookie, token } = await interest('desk@example.test');
    const opened = await post(formCookie, '/api/business/interest/confirm', { token });
    expect(opened.json()).toEqual({ status: 'passwordRequired', type: 'business', email: 'desk@example.test' });
    const res = await setPassword({ token, email: 'desk@example.test', newPassword: PASSWORD }, formCookie);
    expect(res.statusCode).toBe(200);
    expect(cookieFrom(res)).toMatch(/session_token=/);
  });

  it('replaces the password of a sign-up nobody confirmed, and ends its sessions', async () => {
    const { token } = await interest('victim@example.test');
    // Someone else signs up with the address before its owner opens the mail (pre-registration takeover, ADR 054).
    const attacker = await signUp(t, { email: 'victim@example.test', password: 'attackers-own-password', name: 'Intrús' });
    expect(attacker.statusCode).toBe(200);
    const user = await userOf('victim@example.test');
    const planted = await credentialOf(user.id);
    expect(planted?.password).toBeTruthy();
    const stale = await createSessionCookie(t.app.ctx.auth, user.id, {});

    const res = await setPassword({ token, email: 'victim@example.test', newPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await credentialOf(user.id))!.password).not.toBe(planted!.password);
    expect((await signIn(t, { email: 'victim@example.test', password: PASSWORD })).user.email).toBe('victim@example.test');
    const refused = await post(null, '/api/auth/sign-in/email', { email: 'victim@example.test', password: 'attackers-own-password' });
    expect(refused.statusCode).toBe(401);
    // The session made before the password belongs to nobody any more.
    expect((await authedInject(t, stale, { method: 'GET', url: '/api/account/password' })).statusCode).toBe(401);
    expect(await t.database.db.select().from(accounts).where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))).toHaveLength(1);
  });

  it('a used link is refused (409) and sets nothing more; so is a second tab racing the first', async () => {
    const { token } = await interest('once@example.test');
    const [first, second] = await Promise.all([
      setPassword({ token, email: 'once@example.test', newPassword: PASSWORD }),
      setPassword({ token, email: 'once@example.test', newPassword: 'another-long-passphrase-2' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json()).toMatchObject({ code: 'link_used' });
    expect(cookieFrom(loser)).not.toMatch(/session_token=/);
    const winner = first.statusCode === 200 ? PASSWORD : 'another-long-passphrase-2';
    const again = await setPassword({ token, email: 'once@example.test', newPassword: 'a-third-long-passphrase' });
    expect(again.statusCode).toBe(409);
    expect((await signIn(t, { email: 'once@example.test', password: winner })).user.email).toBe('once@example.test');
  });

  it('an expired, unknown or missing link is refused and changes nothing', async () => {
    const { token } = await interest('late@example.test');
    now = new Date(now.getTime() + CONFIRMATION_TTL_MS + 1);
    const expired = await setPassword({ token, email: 'late@example.test', newPassword: PASSWORD });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'token_expired' });
    expect((await setPassword({ token: 'not-a-real-token', email: 'late@example.test', newPassword: PASSWORD })).statusCode).toBe(404);
    const empty = await setPassword({ token: ' ', email: 'late@example.test', newPassword: PASSWORD });
    expect(empty.json()).toMatchObject({ code: 'token_missing' });
    const user = await userOf('late@example.test');
    expect(user.emailVerified).toBe(false);
    expect(await credentialOf(user.id)).toBeUndefined();
    expect((await interestOf('late@example.test')).isConfirmed).toBe(false);
  });

  it('someone else holding the link, anonymous or signed in as another user, must type the address it was sent to', async () => {
    const { token } = await interest('owner-shop@example.test');
    const other = await createUser(t.database.db, { email: 'someone-else@example.test' });
    const { cookie: otherCookie } = await signIn(t, { email: other.email, password: other.password });
    for (const cookie of [null, otherCookie]) {
      const res = await setPassword({ token, email: 'someone-else@example.test', newPassword: PASSWORD }, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'email_mismatch', fields: { email: 'emailMismatch' } });
      expect(cookieFrom(res)).not.toMatch(/session_token=/);
    }
    const user = await userOf('owner-shop@example.test');
    expect(user.emailVerified).toBe(false);
    expect(await credentialOf(user.id)).toBeUndefined();
    // The other user's own account and session are untouched.
    expect((await authedInject(t, otherCookie, { method: 'GET', url: '/api/account/password' })).statusCode).toBe(200);
    // The link still works for its owner.
    expect((await setPassword({ token, email: 'owner-shop@example.test', newPassword: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses short, long and common passwords with field codes, keeping the link', async () => {
    const { token } = await interest('weak@example.test');
    const short = await setPassword({ token, email: 'weak@example.test', newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toMatchObject({ newPassword: 'PASSWORD_TOO_SHORT' });
    const long = await setPassword({ token, email: 'weak@example.test', newPassword: 'x'.repeat(129) });
    expect(long.json().fields).toMatchObject({ newPassword: 'PASSWORD_TOO_LONG' });
    const common = await setPassword({ token, email: 'weak@example.test', newPassword: 'password123' });
    expect(common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', fields: { newPassword: 'PASSWORD_TOO_COMMON' } });
    expect((await userOf('weak@example.test')).emailVerified).toBe(false);
    expect((await setPassword({ token, email: 'weak@example.test', newPassword: PASSWORD })).statusCode).toBe(200);
  });

  it('never replaces the password of an account already confirmed another way: the link only says to sign in', async () => {
    // Confirmed through a consumer sign-up's own link while the business link was still live.
    const owner = await createUser(t.database.db, { email: 'proven@example.test', userType: 'business', emailVerified: true });
    await createBusinessInterest(t.database.db, { email: owner.email, userId: owner.id, token: 'live-token-of-a-proven-address', expiresAt: new Date(now.getTime() + 60_000) });
    const before = (await credentialOf(owner.id))!.password;
    const res = await setPassword({ token: 'live-token-of-a-proven-address', email: owner.email, newPassword: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'link_used' });
    expect(cookieFrom(res)).not.toMatch(/session_token=/);
    expect((await credentialOf(owner.id))!.password).toBe(before);
    expect((await signIn(t, { email: owner.email, password: owner.password })).user.email).toBe(owner.email);

    const opened = await post(null, '/api/business/interest/confirm', { token: 'live-token-of-a-proven-address' });
    expect(opened.json()).toEqual({ status: 'confirmed', alreadyConfirmed: true, type: 'business' });
    expect((await interestOf(owner.email)).isConfirmed).toBe(true);
  });
});

describe('the wizard cannot be submitted without a way to sign in again', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const body = {
    businessName: 'Sense Clau',
    category: 'retail',
    address: 'Carrer de la Pau 1, València',
    taxId: 'B12345674',
    businessType: 'company',
    legalName: 'Sense Clau S.L.',
    fiscalAddress: 'Carrer de la Pau 1, 46002 València',
    district: 'ciutat_vella',
    commissionAccepted: true,
  };

  /** An owner confirmed before the link asked for a password: signed in, no password yet. */
  async function passwordlessOwner(email: string) {
    const user = await createUser(t.database.db, { email, userType: 'business' });
    await t.database.db.delete(accounts).where(eq(accounts.userId, user.id));
    return { user, cookie: await createSessionCookie(t.app.ctx.auth, user.id, {}) };
  }

  it('refuses with password_required and writes nothing, until a password is set', async () => {
    const { user, cookie } = await passwordlessOwner('no-key@example.test');
    const refused = await authedInject(t, cookie, { method: 'POST', url: '/api/business/registration', payload: body });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'password_required' });
    expect(await t.database.db.select().from(businesses).where(eq(businesses.ownerId, user.id))).toHaveLength(0);

    expect((await authedInject(t, cookie, { method: 'POST', url: '/api/account/password', payload: { newPassword: PASSWORD } })).statusCode).toBe(204);
    // Past the password, the next thing missing is the documents.
    const next = await authedInject(t, cookie, { method: 'POST', url: '/api/business/registration', payload: body });
    expect(next.json()).toMatchObject({ code: 'documents_missing' });
  });

  it('accepts an owner who signs in with Google instead', async () => {
    const { user, cookie } = await passwordlessOwner('google-owner@example.test');
    await t.database.db.insert(accounts).values({ id: createAuthId(), accountId: 'google-sub-1', providerId: 'google', userId: user.id, createdAt: new Date(), updatedAt: new Date() });
    const res = await authedInject(t, cookie, { method: 'POST', url: '/api/business/registration', payload: body });
    expect(res.json()).toMatchObject({ code: 'documents_missing' });
  });

  it('anonymous callers are refused before anything else', async () => {
    expect((await authedInject(t, null, { method: 'POST', url: '/api/business/registration', payload: body })).statusCode).toBe(401);
  });
});
