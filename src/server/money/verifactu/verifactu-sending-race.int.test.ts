import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifactuRecords, verifactuSubmissions } from '../../db/schema/invoices';
import { runExclusively } from '../../platform/jobs/run-exclusively';
import { sendPendingVerifactuRecords } from '../../platform/verifactu/send-pending-verifactu-records';
import { openRacingServers } from '../../testing/racing-servers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import { useAeatStandIn } from '../../testing/use-aeat-stand-in';
import { createDatabaseVerifactuQueue } from './database-verifactu-queue';
import { createClock, invoicedShop } from '../invoices/invoice-test-world';
import { issueDueInvoices } from '../invoices/issue-due-invoices';

const SERVERS = 3;
const SHOPS = 4;
const FIRST_OF_NOVEMBER = new Date('2026-10-31T23:30:00Z');

/**
 * Several servers running the VERI*FACTU sending job at the same moment (ADR 062, 097), each
 * on its own connections to one PostgreSQL: one of them sends (the advisory lock), so the AEAT
 * receives each record once, in chain order, and every record is accepted once.
 */
describe.runIf(testDatabaseKind() === 'postgresql')('VERI*FACTU sending job race (PostgreSQL)', () => {
  const context = useAeatStandIn();
  const clock = createClock(FIRST_OF_NOVEMBER);
  let t: TestApp;
  let race: Awaited<ReturnType<typeof openRacingServers>>;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    race = await openRacingServers(t, SERVERS);
  });
  afterAll(async () => {
    await race.close();
    await t.close();
  });

  it(`${SERVERS} servers at once send each of ${SHOPS} invoices’ records to the AEAT once`, async () => {
    for (let i = 0; i < SHOPS; i++) {
      const shop = await invoicedShop(t);
      await shop.sell(new Date('2026-10-10T10:00:00Z'));
    }
    const issued = (await issueDueInvoices(t.app.ctx)).issued.map((i) => i.fullNumber);
    expect(issued).toHaveLength(SHOPS);

    const reports = await Promise.all(
      race.servers.map((server) =>
        sendPendingVerifactuRecords({
          sender: context.sender(),
          queue: createDatabaseVerifactuQueue(server.db),
          now: clock.now,
          exclusively: (task) => runExclusively(server.database, 'verifactu-sending', task),
        }),
      ),
    );

    const sent = context.standIn.requests.flatMap((r) => r.records.map((record) => record.fullNumber));
    expect([...sent].sort()).toEqual([...issued].sort());
    expect(reports.reduce((sum, r) => sum + r.requests, 0)).toBe(1);
    const states = await t.database.db
      .select({ state: verifactuSubmissions.state, attempts: verifactuSubmissions.attempts })
      .from(verifactuRecords)
      .innerJoin(verifactuSubmissions, eq(verifactuSubmissions.recordId, verifactuRecords.id));
    expect(states).toEqual(Array.from({ length: SHOPS }, () => ({ state: 'accepted', attempts: 0 })));
  }, 120_000);
});
