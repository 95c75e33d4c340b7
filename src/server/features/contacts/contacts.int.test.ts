import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema/contacts';
import { users } from '../../db/schema/auth';
import { authedInject, createSignedInUser } from '../../testing/auth-helpers';
import { createContact as insertContact } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('contacts API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = (cookie: string | null, q?: string) =>
    authedInject(t, cookie, { method: 'GET', url: `/api/contacts${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}` });
  const create = (cookie: string | null, payload: Record<string, unknown>) =>
    authedInject(t, cookie, { method: 'POST', url: '/api/contacts', payload });
  const patch = (cookie: string | null, id: string, payload: Record<string, unknown>) =>
    authedInject(t, cookie, { method: 'PATCH', url: `/api/contacts/${id}`, payload });
  const remove = (cookie: string | null, id: string) =>
    authedInject(t, cookie, { method: 'DELETE', url: `/api/contacts/${id}` });
  const rowCount = async () => (await t.database.db.select().from(contacts)).length;

  it('creates a contact with a trimmed name and empty optional fields stored as null', async () => {
    const { cookie, user } = await createSignedInUser(t);
    const res = await create(cookie, { name: '  Lucía Ferrer ', phone: ' ', email: '', relationship: 'Hermana', notes: '' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      name: 'Lucía Ferrer',
      phone: null,
      email: null,
      relationship: 'Hermana',
      notes: null,
    });
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, body.id));
    expect(row).toMatchObject({ userId: user.id, name: 'Lucía Ferrer', phone: null, email: null, notes: null });
  });

  it('rejects a blank name and malformed email and phone with field codes, and stores nothing', async () => {
    const { cookie } = await createSignedInUser(t);
    const res = await create(cookie, { name: '   ', email: 'not-an-email', phone: 'call me' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      fields: { name: 'required', email: 'invalid_email', phone: 'invalid_phone' },
    });
    const missing = await create(cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ name: 'required' });
    expect(await rowCount()).toBe(0);
  });

  it('lists only my contacts, sorted by name without regard to case, and searches name, email or relationship', async () => {
    const me = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const db = t.database.db;
    await insertContact(db, { userId: me.user.id, name: 'zoe', email: 'zoe@example.test', relationship: 'Amiga' });
    await insertContact(db, { userId: me.user.id, name: 'Álvaro', email: 'alvaro@correo.test', relationship: 'Padre' });
    await insertContact(db, { userId: me.user.id, name: 'Bea', email: null, relationship: 'compañera' });
    await insertContact(db, { userId: other.user.id, name: 'Aaron', relationship: 'Amigo' });

    const all = await list(me.cookie);
    expect(all.statusCode).toBe(200);
    const names = all.json().items.map((c: { name: string }) => c.name);
    expect(names).toEqual(['Álvaro', 'Bea', 'zoe']);

    const byName = (await list(me.cookie, 'ZO')).json().items.map((c: { name: string }) => c.name);
    expect(byName).toEqual(['zoe']);
    const byEmail = (await list(me.cookie, 'CORREO')).json().items.map((c: { name: string }) => c.name);
    expect(byEmail).toEqual(['Álvaro']);
    const byRelationship = (await list(me.cookie, 'amig')).json().items.map((c: { name: string }) => c.name);
    expect(byRelationship).toEqual(['zoe']);
    expect((await list(me.cookie, 'nobody')).json().items).toEqual([]);
    expect((await list(other.cookie)).json().items.map((c: { name: string }) => c.name)).toEqual(['Aaron']);
  });

  it('updates only the fields sent, clears an emptied one and validates like create', async () => {
    const { cookie } = await createSignedInUser(t);
    const created = (await create(cookie, { name: 'Pau', phone: '+34 612 345 678', notes: 'Le gusta el café' })).json();

    const res = await patch(cookie, created.id, { name: ' Pau Martí ', notes: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Pau Martí', phone: '+34 612 345 678', notes: null });

    const bad = await patch(cookie, created.id, { email: 'pau@', name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ email: 'invalid_email', name: 'required' });
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, created.id));
    expect(row).toMatchObject({ name: 'Pau Martí', email: null });
  });

  it('deletes a contact', async () => {
    const { cookie } = await createSignedInUser(t);
    const created = (await create(cookie, { name: 'Temporal' })).json();
    const res = await remove(cookie, created.id);
    expect(res.statusCode).toBe(204);
    expect(await rowCount()).toBe(0);
    expect((await remove(cookie, created.id)).statusCode).toBe(404);
  });

  it("answers 404 when another user reads, changes or deletes my contact, and leaves it intact", async () => {
    const owner = await createSignedInUser(t);
    const intruder = await createSignedInUser(t);
    const mine = (await create(owner.cookie, { name: 'Privada', email: 'privada@example.test' })).json();

    expect((await list(intruder.cookie, 'privada')).json().items).toEqual([]);
    const patched = await patch(intruder.cookie, mine.id, { name: 'Hacked' });
    expect(patched.statusCode).toBe(404);
    expect(patched.json().code).toBe('not_found');
    expect((await remove(intruder.cookie, mine.id)).statusCode).toBe(404);
    expect((await patch(intruder.cookie, 'not-a-uuid', { name: 'x' })).statusCode).toBe(404);

    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, mine.id));
    expect(row?.name).toBe('Privada');
  });

  it('answers 401 to anonymous requests and changes nothing', async () => {
    const owner = await createSignedInUser(t);
    const mine = (await create(owner.cookie, { name: 'Ana' })).json();
    for (const res of [
      await list(null),
      await create(null, { name: 'Anon' }),
      await patch(null, mine.id, { name: 'Anon' }),
      await remove(null, mine.id),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
    expect(await rowCount()).toBe(1);
  });

  it('answers 403 to a session whose email address is not confirmed', async () => {
    const { cookie, user } = await createSignedInUser(t);
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    const res = await list(cookie);
    expect(res.statusCode).toBe(403);
    expect((await create(cookie, { name: 'X' })).statusCode).toBe(403);
    expect(await rowCount()).toBe(0);
  });
});
