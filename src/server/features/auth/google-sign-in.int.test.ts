import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions, users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';
import { authedInject, cookieFrom } from '../../testing/auth-helpers';
import { createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * A local OpenID Connect server plays Google. The browser's part (following redirects and
 * carrying cookies) is done by hand, so every hop is visible.
 */
describe('sign-in with Google', () => {
  let google: OAuth2Server;
  let t: TestApp;
  let claims: Record<string, unknown>;

  beforeAll(async () => {
    google = new OAuth2Server();
    await google.issuer.keys.generate('RS256');
    await google.start(0, '127.0.0.1');
    const port = (google.address() as { port: number }).port;
    const issuer = `http://127.0.0.1:${port}`;
    google.issuer.url = issuer;
    google.service.on('beforeUserinfo', (response) => {
      response.body = claims;
    });
    t = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: 'regalo-test-client',
        GOOGLE_CLIENT_SECRET: 'regalo-test-secret',
        GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
        GOOGLE_TOKEN_URL: `${issuer}/token`,
        GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await google.stop();
  });

  /** Browser steps: ask Regalo to start, visit the provider, come back to the callback. */
  async function signInWithGoogle() {
    const start = await authedInject(t, null, {
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/app' },
    });
    expect(start.statusCode).toBe(200);
    const { url } = start.json() as { url: string };
    expect(url.startsWith(`${google.issuer.url}/authorize?`)).toBe(true);
    const authorize = new URL(url);
    expect(authorize.searchParams.get('client_id')).toBe('regalo-test-client');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

    const atProvider = await fetch(url, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const callback = new URL(atProvider.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe('http://localhost:3000/api/auth/callback/google');

    const back = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie: cookieFrom(start) },
    });
    return back;
  }

  it('says Google is available', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth-options' });
    expect(res.json()).toEqual({ google: true });
  });

  it('creates a verified consumer with a profile, signs them in, and lands on /app', async () => {
    claims = { sub: 'google-uid-1', email: 'gina@example.test', email_verified: true, name: 'Gina Google' };
    const back = await signInWithGoogle();
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/app');
    const cookie = cookieFrom(back);
    expect(cookie).toContain('better-auth.session_token=');

    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'gina@example.test'));
    expect(user).toMatchObject({ name: 'Gina Google', emailVerified: true, userType: 'consumer', isBusiness: false, role: 'user' });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(account).toMatchObject({ providerId: 'google', accountId: 'google-uid-1', password: null });
    expect(await t.database.db.select().from(profiles).where(eq(profiles.userId, user!.id))).toHaveLength(1);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(1);

    const profile = await authedInject(t, cookie, { method: 'GET', url: '/api/profile' });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email: 'gina@example.test', fullName: 'Gina Google' });

    // Signing in again finds the same account.
    const again = await signInWithGoogle();
    expect(again.statusCode).toBe(302);
    expect(await t.database.db.select().from(users)).toHaveLength(1);
  });

  it('names a Google user without a name after their address', async () => {
    claims = { sub: 'google-uid-4', email: 'noname@example.test', email_verified: true };
    const back = await signInWithGoogle();
    expect(back.headers.location).toBe('/app');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'noname@example.test'));
    expect(user!.name).toBe('noname');
  });

  it('joins an existing password account with the same address', async () => {
    const existing = await createUser(t.database.db, { email: 'both@example.test' });
    claims = { sub: 'google-uid-2', email: 'both@example.test', email_verified: true, name: 'Both' };
    const back = await signInWithGoogle();
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/app');
    const linked = await t.database.db.select().from(accounts).where(eq(accounts.userId, existing.id));
    expect(linked.map((a) => a.providerId).sort()).toEqual(['credential', 'google']);
  });

  it('does not join an unconfirmed password account (pre-hijacking), and says why on /auth', async () => {
    const squatter = await createUser(t.database.db, { email: 'victim@example.test', emailVerified: false });
    claims = { sub: 'google-uid-3', email: 'victim@example.test', email_verified: true, name: 'Victim' };
    const back = await signInWithGoogle();
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/auth?error=account_not_linked');
    expect(cookieFrom(back)).not.toContain('session_token');
    const linked = await t.database.db.select().from(accounts).where(eq(accounts.userId, squatter.id));
    expect(linked.map((a) => a.providerId)).toEqual(['credential']);
  });

  it('uses the built-in Google provider when only the client id and secret are set', async () => {
    const real = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'real-client', GOOGLE_CLIENT_SECRET: 'real-secret' } });
    try {
      expect((await real.app.inject({ method: 'GET', url: '/api/auth-options' })).json()).toEqual({ google: true });
      const res = await authedInject(real, null, { method: 'POST', url: '/api/auth/sign-in/social', payload: { provider: 'google', callbackURL: '/app' } });
      expect(res.statusCode).toBe(200);
      const url = new URL((res.json() as { url: string }).url);
      expect(url.protocol).toBe('https:');
      expect(url.searchParams.get('client_id')).toBe('real-client');
      expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback/google');
    } finally {
      await real.close();
    }
  });

  it('is not offered when the server has no Google credentials', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth-options' })).json()).toEqual({ google: false });
      const res = await authedInject(plain, null, { method: 'POST', url: '/api/auth/sign-in/social', payload: { provider: 'google', callbackURL: '/app' } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await plain.close();
    }
  });
});
