import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions, users } from '../../db/schema/auth';
import { authedInject, signIn } from '../../testing/auth-helpers';
import { createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * ADR 035: deleting an account asked only for its email address, which a
 * stolen session knows. An account with a password must give it; one without (Google) must
 * have signed in within the last 15 minutes, as well as typing its address.
 */
describe('deleting an account asks for proof of being its owner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const del = (cookie: string, payload: Record<string, string>) => authedInject(t, cookie, { method: 'DELETE', url: '/api/account', payload });
  const exists = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id))).length === 1;

  it('with a password: typing the email is not enough, the password is', async () => {
    const user = await createUser(t.database.db);
    const { cookie } = await signIn(t, { email: user.email, password: user.password });
    const byEmail = await del(cookie, { confirm: user.email });
    expect(byEmail.statusCode).toBe(400);
    expect(byEmail.json()).toMatchObject({ code: 'confirmation_mismatch', fields: { password: 'passwordRequired' } });
    expect(await exists(user.id)).toBe(true);
    expect((await del(cookie, { password: user.password })).statusCode).toBe(204);
    expect(await exists(user.id)).toBe(false);
  });

  it('without a password (Google): the email and a sign-in within 15 minutes', async () => {
    const user = await createUser(t.database.db);
    const { cookie } = await signIn(t, { email: user.email, password: user.password });
    // Now a Google-only account: no password to ask for.
    await t.database.db.delete(accounts).where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
    await t.database.db.update(sessions).set({ createdAt: new Date(Date.now() - 20 * 60_000) }).where(eq(sessions.userId, user.id));
    const stale = await del(cookie, { confirm: user.email });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'reauthentication_required' });
    expect(await exists(user.id)).toBe(true);

    await t.database.db.update(sessions).set({ createdAt: new Date() }).where(eq(sessions.userId, user.id));
    expect((await del(cookie, { confirm: 'someone@example.test' })).statusCode).toBe(400);
    expect((await del(cookie, { confirm: user.email })).statusCode).toBe(204);
    expect(await exists(user.id)).toBe(false);
  });
});
