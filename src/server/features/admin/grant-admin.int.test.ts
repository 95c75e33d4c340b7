import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth';
import { createUser } from '../../testing/factories';
import { getTestDatabase } from '../../testing/test-database';
import { grantAdmin } from './grant-admin';

describe('grantAdmin', () => {
  it('makes the account with that email (any case) an admin and nobody else', async () => {
    const { db } = await getTestDatabase();
    const target = await createUser(db, { email: 'team@regalo.test' });
    const bystander = await createUser(db, { email: 'someone@regalo.test' });
    expect(await grantAdmin(db, '  Team@Regalo.TEST ')).toBe(true);
    const rows = await db.select({ id: users.id, role: users.role }).from(users);
    expect(rows).toEqual(expect.arrayContaining([
      { id: target.id, role: 'admin' },
      { id: bystander.id, role: 'user' },
    ]));
    // Idempotent.
    expect(await grantAdmin(db, 'team@regalo.test')).toBe(true);
    expect((await db.select().from(users).where(eq(users.id, target.id)))[0]!.role).toBe('admin');
  });

  it('reports an unknown or empty email and changes nothing', async () => {
    const { db } = await getTestDatabase();
    await createUser(db, { email: 'someone@regalo.test' });
    expect(await grantAdmin(db, 'nobody@regalo.test')).toBe(false);
    expect(await grantAdmin(db, '   ')).toBe(false);
    expect((await db.select().from(users)).every((u) => u.role === 'user')).toBe(true);
  });
});
