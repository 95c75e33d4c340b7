import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { statementEmails } from '../../db/schema/statements';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { openRacingServers, type RacingServer } from '../../testing/racing-servers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import { sendStatementEmails } from './send-statement-emails';

const SERVERS = 2;
const BUSINESSES = 8;

/**
 * Two servers running the monthly statements job at the same moment (ADR 060, 097), each on
 * its own connections to one PostgreSQL: the claim row (`statement_emails`' primary key, in
 * the mail's transaction) lets one of them write each owner's email.
 */
describe.runIf(testDatabaseKind() === 'postgresql')('statement emails job race (PostgreSQL)', () => {
  // 1 November 2026, 00:30 in Madrid: October has just ended there.
  const now = new Date('2026-10-31T23:30:00Z');
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

  it(`${SERVERS} servers at once mail each of ${BUSINESSES} owners last month’s statement once`, async () => {
    const owners: string[] = [];
    const businessIds: string[] = [];
    for (let i = 0; i < BUSINESSES; i++) {
      const owner = await createUser(t.database.db, { userType: 'business' });
      const business = await createBusiness(t.database.db, { ownerId: owner.id, createdAt: new Date('2026-09-01T10:00:00Z') });
      const gift = await createGift(t.database.db, { businessId: business.id, price: 2500 });
      await createOrder(t.database.db, { buyerId: (await createUser(t.database.db)).id, giftId: gift.id, status: 'paid', createdAt: new Date('2026-10-10T10:00:00Z'), paidAt: new Date('2026-10-10T10:01:00Z') });
      owners.push(owner.email);
      businessIds.push(business.id);
    }

    const run = (server: RacingServer) => sendStatementEmails({ ...t.app.ctx, db: server.db, now: () => now });
    const sent = await Promise.all(race.servers.map(run));

    const mails = await t.database.db.select({ to: mailOutbox.to }).from(mailOutbox).where(and(eq(mailOutbox.template, 'monthly-statement'), inArray(mailOutbox.to, owners)));
    expect(mails.map((m) => m.to).sort()).toEqual([...owners].sort());
    // What the servers say they sent adds up to one email per owner (other tests' shops may be due too).
    expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(BUSINESSES);
    const claims = await t.database.db.select().from(statementEmails).where(inArray(statementEmails.businessId, businessIds));
    expect(claims.map((c) => c.month)).toEqual(Array.from({ length: BUSINESSES }, () => '2026-10'));
  }, 120_000);
});
