import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/auth';
import { createSessionCookie } from '../../platform/auth/create-session-cookie';
import { authedInject, signIn, TEST_PASSWORD } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('/api/account/password for owners created by the interest flow', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** An owner confirmed before the mailed link asked for a password: signed in, none yet. */
  async function confirmedOwner(email: string) {
    await authedInject(t, null, { method: 'POST', url: '/api/business/interest', payload: { businessName: 'Taller', email, locale: 'en' } });
    const [user] = await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email)).returning();
    return createSessionCookie(t.app.ctx.auth, user!.id, {});
  }

  it('lets them set a password once, then sign in with it', async () => {
    const cookie = await confirmedOwner('owner-pw@example.test');
    const status = await authedInject(t, cookie, { method: 'GET', url: '/api/account/password' });
    expect(status.json()).toEqual({ hasPassword: false, hasGoogle: false });

    const short = await authedInject(t, cookie, { method: 'POST', url: '/api/account/password', payload: { newPassword: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toMatchObject({ newPassword: 'PASSWORD_TOO_SHORT' });

    const common = await authedInject(t, cookie, { method: 'POST', url: '/api/account/password', payload: { newPassword: 'password123' } });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });

    const ok = await authedInject(t, cookie, { method: 'POST', url: '/api/account/password', payload: { newPassword: TEST_PASSWORD } });
    expect(ok.statusCode).toBe(204);
    expect((await authedInject(t, cookie, { method: 'GET', url: '/api/account/password' })).json()).toEqual({ hasPassword: true, hasGoogle: false });

    const signedIn = await signIn(t, { email: 'owner-pw@example.test', password: TEST_PASSWORD });
    expect(signedIn.user).toMatchObject({ email: 'owner-pw@example.test', isBusiness: true });

    const again = await authedInject(t, cookie, { method: 'POST', url: '/api/account/password', payload: { newPassword: 'another-long-passphrase' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'password_already_set' });
  });

  it('needs a session', async () => {
    const res = await authedInject(t, null, { method: 'POST', url: '/api/account/password', payload: { newPassword: TEST_PASSWORD } });
    expect(res.statusCode).toBe(401);
    expect((await authedInject(t, null, { method: 'GET', url: '/api/account/password' })).statusCode).toBe(401);
  });
});
