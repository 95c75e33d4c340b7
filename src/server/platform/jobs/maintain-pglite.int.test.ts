import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite, wrapPglite, type DatabaseHandle } from '../../db/client';
import { gifts } from '../../db/schema/gifts';
import { createBusiness, createGift, createUser } from '../../testing/factories';
import { testDatabaseKind } from '../../testing/test-database';
import { maintainPglite } from './maintain-pglite';

/**
 * The job that stands in for PGlite's missing autovacuum. A database of its own, migrated
 * from nothing: the shared test database is emptied between tests and analyzed by nobody,
 * so its statistics would depend on the order the tests ran in.
 */
// It opens a PGlite of its own whatever TEST_DB says: once, in the PGlite project, is enough.
describe.runIf(testDatabaseKind() === 'pglite')('PGlite maintenance (autovacuum stand-in)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = wrapPglite(await createPglite());
    await handle.migrate();
  }, 60_000);
  afterAll(() => handle.close());

  const giftsTable = async () =>
    (
      (await handle.db.execute(sql`
        select c.reltuples, s.n_dead_tup
        from pg_class c join pg_stat_user_tables s on s.relid = c.oid
        where c.relname = 'gifts'
      `)) as unknown as { rows: { reltuples: number; n_dead_tup: number }[] }
    ).rows[0]!;

  it('analyzes every table that was never analyzed, then has nothing to do', async () => {
    expect((await giftsTable()).reltuples).toBe(-1);
    const first = await maintainPglite(handle.db);
    expect(first.analyzed).toEqual(expect.arrayContaining(['gifts', 'orders', 'sessions', 'users', 'mail_outbox']));
    expect((await giftsTable()).reltuples).toBe(0);
    expect(await maintainPglite(handle.db)).toEqual({ analyzed: [], vacuumed: [] });
  });

  it('analyzes a table once enough of its rows changed, as autovacuum would', async () => {
    const owner = await createUser(handle.db, { userType: 'business' });
    const business = await createBusiness(handle.db, { ownerId: owner.id });
    // 40 new rows: under the 50 + 10 % threshold, so not yet.
    for (let i = 0; i < 40; i++) await createGift(handle.db, { businessId: business.id });
    expect((await maintainPglite(handle.db)).analyzed).not.toContain('gifts');
    for (let i = 0; i < 20; i++) await createGift(handle.db, { businessId: business.id });
    const run = await maintainPglite(handle.db);
    expect(run.analyzed).toContain('gifts');
    expect((await giftsTable()).reltuples).toBe(60);
    expect(await maintainPglite(handle.db)).toEqual({ analyzed: [], vacuumed: [] });
  });

  it('vacuums a table whose dead rows pass the threshold, which clears them', async () => {
    // 60 rows: 50 + 20 % × 60 = 62 dead rows are needed; two updates of each make 120.
    for (const price of [1_000, 2_000]) await handle.db.update(gifts).set({ price });
    const run = await maintainPglite(handle.db);
    expect(run.vacuumed).toEqual(['gifts']);
    expect((await giftsTable()).n_dead_tup).toBe(0);
    expect(await handle.db.$count(gifts, eq(gifts.price, 2_000))).toBe(60);
    expect(await maintainPglite(handle.db)).toEqual({ analyzed: [], vacuumed: [] });
  });
});
