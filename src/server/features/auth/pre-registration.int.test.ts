import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth';
import { authedInject, cookieFrom, latestMailTo, linkIn, signIn, signUp } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * ADR 054: an address claimed before its owner signs up, and a confirmation link
 * that signs in whoever opens it (login CSRF).
 */
describe('pre-registration takeover and confirmation links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Opens the newest confirmation link for `email`, in a browser holding `cookie` (or none). */
  async function openLink(email: string, cookie: string | null) {
    const mail = await latestMailTo(t, email, 'verify-email');
    const link = linkIn(mail.text, t.config.publicUrl);
    return t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: cookie ? { cookie } : {} });
  }

  function signInAttempt(email: string, password: string) {
    return authedInject(t, null, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  }

  it('lets the owner’s sign-up replace a password someone else set before, so only the owner’s works', async () => {
    const email = 'victima@example.test';
    // The attacker claims the address first, with a password and a name of their choosing.
    await signUp(t, { email, password: 'attacker-chose-this-one', name: 'Mallory' });
    // The owner signs up later, in their own browser, and confirms there.
    const owner = await signUp(t, { email, password: 'the-owners-own-secret', name: 'Vicenta', locale: 'es' });
    const confirmed = await openLink(email, cookieFrom(owner));
    expect(confirmed.statusCode).toBe(302);
    expect(cookieFrom(confirmed)).toContain('session_token=');

    expect((await signInAttempt(email, 'attacker-chose-this-one')).statusCode).toBe(401);
    await signIn(t, { email, password: 'the-owners-own-secret' });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: 'Vicenta', emailVerified: true, locale: 'es' });
  });

  it('confirms an address opened in another browser without signing that browser in', async () => {
    // The attacker signs up with their own address and gets the victim to open the link.
    const email = 'mallory@example.test';
    const attacker = await signUp(t, { email, password: 'mallorys-password-1', name: 'Mallory' });
    const victimBrowser = await openLink(email, null);
    expect(victimBrowser.statusCode).toBe(302);
    expect(victimBrowser.headers.location).toBe('/app?verified=1');
    expect(cookieFrom(victimBrowser)).not.toContain('session_token=');
    // The address is confirmed all the same: its owner signs in with their password.
    await signIn(t, { email, password: 'mallorys-password-1' });
    expect(cookieFrom(attacker)).not.toContain('session_token=');
  });

  it('does not sign in a browser that signed up with another address', async () => {
    const attacker = await signUp(t, { email: 'other-a@example.test', password: 'first-long-password', name: 'A' });
    await signUp(t, { email: 'other-b@example.test', password: 'second-long-password', name: 'B' });
    const opened = await openLink('other-b@example.test', cookieFrom(attacker));
    expect(opened.statusCode).toBe(302);
    expect(cookieFrom(opened)).not.toContain('session_token=');
  });
});
