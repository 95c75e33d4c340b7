import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconciliationRuns } from '../../db/schema/payouts';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import { openRacingServers } from '../../testing/racing-servers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import { testProvider } from '../payouts-test-world';
import { runDailyReconciliation } from './run-daily-reconciliation';

const SERVERS = 3;

/**
 * Several servers running the hourly reconciliation check at the same moment (ADR 065, 097),
 * each on its own connections to one PostgreSQL: the advisory lock lets one of them compare
 * the ledger with the provider, and the run it records makes the day's others stand down.
 * The provider is the test one under another name (the job skips the test provider, whose
 * balance dies with its process).
 */
describe.runIf(testDatabaseKind() === 'postgresql')('ledger reconciliation job race (PostgreSQL)', () => {
  // Later than any run other tests of this database may have recorded.
  const now = new Date('2031-05-05T10:00:00Z');
  let t: TestApp;
  let race: Awaited<ReturnType<typeof openRacingServers>>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
    race = await openRacingServers(t, SERVERS);
  });
  afterAll(async () => {
    await race.close();
    await t.close();
  });

  it(`${SERVERS} servers at once reconcile the day once`, async () => {
    const provider = testProvider(t);
    let listed = 0;
    const stripeLike: PaymentProvider = {
      ...provider,
      name: 'stripe',
      listBalanceTransactions: (input) => ((listed += 1), provider.listBalanceTransactions(input)),
    };
    const results = await Promise.all(
      race.servers.map((server) => runDailyReconciliation({ ...t.app.ctx, db: server.db, database: server.database, payments: stripeLike, now: () => now })),
    );

    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(listed).toBe(1);
    expect(await t.database.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.createdAt, now))).toHaveLength(1);

    // The hour after, every server finds the day done.
    const later = new Date(now.getTime() + 60 * 60 * 1000);
    const again = await Promise.all(
      race.servers.map((server) => runDailyReconciliation({ ...t.app.ctx, db: server.db, database: server.database, payments: stripeLike, now: () => later })),
    );
    expect(again).toEqual(Array.from({ length: SERVERS }, () => null));
    expect(listed).toBe(1);
  }, 120_000);
});
