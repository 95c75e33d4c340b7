import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/auth';
import { authedInject, signIn } from '../testing/auth-helpers';
import { createBusiness, createGift, createUser } from '../testing/factories';
import { pgliteCallsDuring } from '../testing/pglite-calls';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDatabaseKind } from '../testing/test-database';

/**
 * PGlite holds the cache versions in memory, renewed by the NOTIFY of cache_versions' trigger
 * (ADR 043); PostgreSQL reads the row per request. The caches' correctness across servers is
 * in session-cache.int.test.ts and catalog-cache.int.test.ts (they fail when the
 * notifications are ignored); this shows what the notifications save, and that they are what
 * keeps PGlite's versions current.
 */
describe.runIf(testDatabaseKind() === 'pglite')('cache versions on PGlite', () => {
  let t: TestApp;
  let client: PGlite;
  beforeAll(async () => {
    t = await createTestApp();
    client = (t.database.db as unknown as { $client: PGlite }).$client;
  });
  afterAll(() => t.close());

  const statementsDuring = (run: () => Promise<unknown>) => pgliteCallsDuring(client, run);

  it('counts what reaches PGlite (the measure the next tests rely on)', async () => {
    expect(await statementsDuring(() => t.database.db.execute(sql`select 1`))).toBeGreaterThan(0);
    expect(await statementsDuring(() => client.query('select 1'))).toBeGreaterThan(0);
  });

  async function signedIn() {
    const made = await createUser(t.database.db);
    const { cookie } = await signIn(t, { email: made.email, password: made.password });
    return { made, cookie };
  }

  it('answers a cached session and a catalogue hit without a single statement', async () => {
    const owner = await createUser(t.database.db, { userType: 'business' });
    const business = await createBusiness(t.database.db, { ownerId: owner.id });
    await createGift(t.database.db, { businessId: business.id });
    const { cookie } = await signedIn();
    const catalog = () => authedInject(t, cookie, { method: 'GET', url: '/api/catalog/gifts?page=1&pageSize=24' });
    expect((await catalog()).statusCode).toBe(200);
    let status = 0;
    expect(await statementsDuring(async () => (status = (await catalog()).statusCode))).toBe(0);
    expect(status).toBe(200);
  });

  it('sees a change only through its notification: with notifications off, a revoked session stays cached', async () => {
    const { made, cookie } = await signedIn();
    const profile = async () => (await authedInject(t, cookie, { method: 'GET', url: '/api/profile' })).statusCode;
    expect(await profile()).toBe(200);
    await t.database.db.execute(sql`select set_config('regalo.cache_versions_notify', 'off', false)`);
    try {
      await t.database.db.delete(sessions).where(eq(sessions.userId, made.id));
      // The row's version changed, but no notification came: the cached session answers.
      expect(await profile()).toBe(200);
    } finally {
      await t.database.db.execute(sql`select set_config('regalo.cache_versions_notify', 'on', false)`);
    }
    // The next renewal is heard, and the revocation takes effect at once.
    await t.database.db.execute(sql`update cache_versions set auth = gen_random_uuid()::text`);
    expect(await profile()).toBe(401);
  });
});
