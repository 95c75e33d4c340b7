import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createBusiness, createGift, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';

const RACERS = 12;

/**
 * Slugs (ADR 067) are made by a trigger that looks for a free one: two transactions naming
 * businesses (or gifts) alike at the same moment must both succeed with different slugs,
 * which the trigger's advisory lock ensures on PostgreSQL. One pool connection per insert;
 * PGlite has one connection, so there is no race to test there.
 */
describe.runIf(testDatabaseKind() === 'postgresql')('slug race (PostgreSQL)', () => {
  let t: TestApp;
  let pool: pg.Pool;
  let racers: Database;

  beforeAll(async () => {
    t = await createTestApp();
    const { connectionString } = (t.database.db as unknown as { $client: pg.Pool }).$client.options;
    pool = new pg.Pool({ connectionString, max: RACERS });
    racers = drizzle(pool) as unknown as Database;
    const clients = await Promise.all(Array.from({ length: RACERS }, () => pool.connect()));
    for (const client of clients) client.release();
  });
  afterAll(async () => {
    await pool.end();
    await t.close();
  });

  it(`${RACERS} businesses and ${RACERS} gifts of one name, created at once, all get distinct slugs`, async () => {
    const tag = randomUUID().slice(0, 8);
    const owners = await Promise.all(Array.from({ length: RACERS }, () => createUser(t.database.db, { userType: 'business' })));
    const made = await Promise.all(owners.map((owner) => createBusiness(racers, { ownerId: owner.id, name: `Forn ${tag}` })));
    const slugs = made.map((business) => business.slug).sort();
    expect(new Set(slugs).size).toBe(RACERS);
    expect(slugs).toContain(`forn-${tag}`);
    for (const slug of slugs) expect(slug).toMatch(new RegExp(`^forn-${tag}(-([2-9]|1[0-9]))?$`));

    const gifts = await Promise.all(Array.from({ length: RACERS }, () => createGift(racers, { businessId: made[0]!.id, name: 'Coca de llanda' })));
    expect(new Set(gifts.map((gift) => gift.slug)).size).toBe(RACERS);
  });
});
