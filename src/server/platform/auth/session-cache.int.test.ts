import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/auth';
import { authedInject, signIn } from '../../testing/auth-helpers';
import { createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The session cache (ADR 037) with two servers on one database, as in a scale-out: what one
 * server (or a script, or another process) changes, the other refuses on the very next
 * request, although both had the session cached.
 */
describe('session cache across servers', () => {
  let a: TestApp;
  let b: TestApp;
  let clock = () => new Date();
  let lookups = 0;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ now: () => clock() });
    for (const t of [a, b]) {
      const original = t.app.ctx.auth.api.getSession;
      t.app.ctx.auth.api.getSession = ((...args: Parameters<typeof original>) => {
        lookups++;
        return original(...args);
      }) as typeof original;
    }
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  const profileStatus = async (t: TestApp, cookie: string) => (await authedInject(t, cookie, { method: 'GET', url: '/api/profile' })).statusCode;

  /** A signed-in user whose session both servers have checked once (and cached). */
  async function cachedOnBoth(role: 'user' | 'admin' = 'user') {
    const made = await createUser(a.database.db, { role });
    const { cookie } = await signIn(a, { email: made.email, password: made.password });
    expect(await profileStatus(a, cookie)).toBe(200);
    expect(await profileStatus(b, cookie)).toBe(200);
    return { made, cookie };
  }

  it('answers a repeated request from the cache, without asking Better Auth again', async () => {
    const { cookie } = await cachedOnBoth();
    const before = lookups;
    for (let i = 0; i < 3; i++) {
      expect(await profileStatus(a, cookie)).toBe(200);
      expect(await profileStatus(b, cookie)).toBe(200);
    }
    expect(lookups - before).toBe(0);
  });

  it('refuses a signed-out session on every server at once', async () => {
    const { cookie } = await cachedOnBoth();
    const out = await authedInject(a, cookie, { method: 'POST', url: '/api/auth/sign-out', payload: {} });
    expect(out.statusCode).toBe(200);
    expect(await profileStatus(b, cookie)).toBe(401);
    expect(await profileStatus(a, cookie)).toBe(401);
  });

  it('refuses a session revoked outside any server (its row deleted)', async () => {
    const { made, cookie } = await cachedOnBoth();
    await a.database.db.delete(sessions).where(eq(sessions.userId, made.id));
    expect(await profileStatus(a, cookie)).toBe(401);
    expect(await profileStatus(b, cookie)).toBe(401);
  });

  it('refuses the session of a deleted account on the other server', async () => {
    const { made, cookie } = await cachedOnBoth();
    const del = await authedInject(a, cookie, { method: 'DELETE', url: '/api/account', payload: { password: made.password } });
    expect(del.statusCode).toBe(204);
    expect(await profileStatus(b, cookie)).toBe(401);
    expect(await a.database.db.select().from(users).where(eq(users.id, made.id))).toEqual([]);
  });

  // The role is changed in SQL, as `npm run admin:revoke` does it underneath (platform code
  // may not import a feature): the version trigger sees every write, whoever makes it.
  it('takes an admin role away at once (npm run admin:revoke), and sees other user changes', async () => {
    const { made, cookie } = await cachedOnBoth('admin');
    const overview = (t: TestApp) => authedInject(t, cookie, { method: 'GET', url: '/api/admin/overview' });
    expect((await overview(a)).statusCode).toBe(200);
    expect((await overview(b)).statusCode).toBe(200);

    await a.database.db.update(users).set({ role: 'user' }).where(eq(users.email, made.email));
    expect((await overview(a)).statusCode).toBe(403);
    expect((await overview(b)).statusCode).toBe(403);

    await a.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, made.id));
    const refused = await authedInject(b, cookie, { method: 'GET', url: '/api/profile' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'email_not_verified' });
  });

  it('still ends a cached session 90 days after sign-in, by the server clock', async () => {
    const { cookie } = await cachedOnBoth();
    const before = lookups;
    expect(await profileStatus(b, cookie)).toBe(200);
    expect(lookups - before).toBe(0);
    clock = () => new Date(Date.now() + 91 * 86_400_000);
    try {
      expect(await profileStatus(b, cookie)).toBe(401);
    } finally {
      clock = () => new Date();
    }
    // The refused session was deleted, so the first server refuses it too.
    expect(await profileStatus(a, cookie)).toBe(401);
  });

  it('does not let a forged or altered cookie through, cached session or not', async () => {
    const { cookie } = await cachedOnBoth();
    const altered = cookie.replace(/session_token=([^;.]*)/, (_m, token: string) => `session_token=${token}x`);
    expect(altered).not.toBe(cookie);
    expect(await profileStatus(a, altered)).toBe(401);
    expect(await profileStatus(b, 'better-auth.session_token=forged.value')).toBe(401);
  });
});
