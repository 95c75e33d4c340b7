import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, verifications } from '../../db/schema/auth';
import {
  authedInject,
  createSignedInUser,
  latestMailTo,
  linkIn,
  signIn,
} from '../../testing/auth-helpers';
import { createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function requestReset(email: string, locale = 'en') {
    return authedInject(t, null, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { 'x-regalo-locale': locale },
      payload: { email, redirectTo: '/auth/reset-password' },
    });
  }

  it('mails a link, sets the new password, revokes every session, and the old password stops working', async () => {
    const { cookie, user, password } = await createSignedInUser(t, { email: 'marta@example.test' });
    const second = await signIn(t, { email: user.email, password });
    // The verification link's session, the helper's sign-in and this one.
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(3);

    expect((await requestReset(user.email, 'es')).statusCode).toBe(200);
    const mail = await latestMailTo(t, user.email, 'reset-password');
    expect(mail.subject).toBe('Restablece tu contraseña de Regalo');
    const link = linkIn(mail.text, t.config.publicUrl);

    // The mailed link checks the token and hands it to the app's reset page.
    const landing = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location!, t.config.publicUrl);
    expect(target.pathname).toBe('/auth/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const common = await authedInject(t, null, { method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'password123' } });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });

    const reset = await authedInject(t, null, { method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'mercado-central-de-valencia' } });
    expect(reset.statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    for (const c of [cookie, second.cookie]) {
      expect((await authedInject(t, c, { method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    }

    const old = await authedInject(t, null, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password } });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
    await signIn(t, { email: user.email, password: 'mercado-central-de-valencia' });

    // A token works once.
    const again = await authedInject(t, null, { method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'otra-clave-bien-larga' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('makes the link expire one hour after it was requested', async () => {
    await createUser(t.database.db, { email: 'late@example.test' });
    const before = Date.now();
    await requestReset('late@example.test');
    const mail = await latestMailTo(t, 'late@example.test', 'reset-password');
    const token = linkIn(mail.text, t.config.publicUrl).pathname.split('/').pop()!;
    const [row] = await t.database.db.select().from(verifications).where(eq(verifications.identifier, `reset-password:${token}`));
    expect(row!.expiresAt.getTime() - before).toBeGreaterThan(59 * 60_000);
    expect(row!.expiresAt.getTime() - before).toBeLessThan(61 * 60_000);

    // Better Auth reads the wall clock, so move the token's expiry instead of the time.
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const reset = await authedInject(t, null, { method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'mercado-central-de-valencia' } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('answers the same for an unknown address and mails nobody', async () => {
    const res = await requestReset('nobody@example.test');
    expect(res.statusCode).toBe(200);
    await expect(latestMailTo(t, 'nobody@example.test')).rejects.toThrow(/no mail/);
  });
});
