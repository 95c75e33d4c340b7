import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';
import { authedInject, createSignedInUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('GET/PATCH /api/profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates the profile from the account when it is missing', async () => {
    const { cookie, user } = await createSignedInUser(t, { name: 'Vicent Ferrer', phone: '+34 963 00 00 00' });
    await t.database.db.delete(profiles).where(eq(profiles.userId, user.id));
    const res = await authedInject(t, cookie, { method: 'GET', url: '/api/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: user.id, email: user.email, fullName: 'Vicent Ferrer', phone: '+34963000000', avatarUrl: null });
    expect(await t.database.db.select().from(profiles).where(eq(profiles.userId, user.id))).toHaveLength(1);
  });

  it('saves a trimmed name and a normalised phone, and clears the phone when empty', async () => {
    const { cookie, user } = await createSignedInUser(t);
    const res = await authedInject(t, cookie, { method: 'PATCH', url: '/api/profile', payload: { fullName: '  Amparo Soler  ', phone: '0034 612-345-678' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullName: 'Amparo Soler', phone: '+34612345678' });
    const [account] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(account).toMatchObject({ name: 'Amparo Soler', phone: '+34612345678' });

    const cleared = await authedInject(t, cookie, { method: 'PATCH', url: '/api/profile', payload: { fullName: 'Amparo Soler', phone: '' } });
    expect(cleared.json()).toMatchObject({ phone: null });
  });

  it('follows name and phone changes made through Better Auth update-user, validated the same way', async () => {
    const { cookie, user } = await createSignedInUser(t, { name: 'Before' });
    const res = await authedInject(t, cookie, { method: 'POST', url: '/api/auth/update-user', payload: { name: 'After', phone: '699 111 222' } });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(row).toMatchObject({ fullName: 'After', phone: '+34699111222' });
    const bad = await authedInject(t, cookie, { method: 'POST', url: '/api/auth/update-user', payload: { phone: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_SIGN_UP_FIELD' });
    const role = await authedInject(t, cookie, { method: 'POST', url: '/api/auth/update-user', payload: { role: 'admin' } });
    expect(role.statusCode).toBe(400);
    expect((await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.role).toBe('user');
  });

  it('refuses bad input with field codes and changes nothing', async () => {
    const { cookie, user } = await createSignedInUser(t, { name: 'Keep Me' });
    const cases: [object, Record<string, string>][] = [
      [{ fullName: '   ', phone: '' }, { fullName: 'fullNameRequired' }],
      [{ fullName: 'x'.repeat(101) }, { fullName: 'fullNameTooLong' }],
      [{ fullName: 'Ok', phone: 'not a phone' }, { phone: 'phoneInvalid' }],
      [{ fullName: 'Ok', phone: '+34 123' }, { phone: 'phoneInvalid' }],
      [{ phone: '612345678' }, { fullName: 'fullNameRequired' }],
    ];
    for (const [payload, fields] of cases) {
      const res = await authedInject(t, cookie, { method: 'PATCH', url: '/api/profile', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', fields });
    }
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(row).toMatchObject({ fullName: 'Keep Me', phone: null });
  });

  it('only ever shows and changes the caller’s own profile', async () => {
    const alice = await createSignedInUser(t, { name: 'Alice' });
    const bob = await createSignedInUser(t, { name: 'Bob' });
    await authedInject(t, bob.cookie, { method: 'PATCH', url: '/api/profile', payload: { fullName: 'Bob Changed', userId: alice.user.id } });
    expect((await authedInject(t, alice.cookie, { method: 'GET', url: '/api/profile' })).json()).toMatchObject({ fullName: 'Alice', userId: alice.user.id });
    expect((await authedInject(t, bob.cookie, { method: 'GET', url: '/api/profile' })).json()).toMatchObject({ fullName: 'Bob Changed', userId: bob.user.id });
  });

  it('answers anonymous callers 401 before looking at the body', async () => {
    const res = await authedInject(t, null, { method: 'PATCH', url: '/api/profile', payload: { fullName: '' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated' });
  });
});
