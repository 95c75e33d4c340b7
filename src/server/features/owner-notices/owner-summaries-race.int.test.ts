import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema/businesses';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { ownerOrderEvents } from '../../db/schema/owner-notices';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { openRacingServers } from '../../testing/racing-servers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import { sendOwnerDailySummaries } from './send-owner-daily-summaries';

const SERVERS = 2;
const BUSINESSES = 8;

/**
 * Two servers running the owners' daily summaries at the same moment (ADR 065, 097), each on
 * its own connections to one PostgreSQL: the day's events are claimed by a conditional update
 * in the mail's transaction, so each owner gets one summary holding each event once.
 */
describe.runIf(testDatabaseKind() === 'postgresql')('owner daily summaries job race (PostgreSQL)', () => {
  // 11:00 on 10 March 2027 in Madrid: the 9th is over.
  const now = new Date('2027-03-10T10:00:00Z');
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

  it(`${SERVERS} servers at once send each of ${BUSINESSES} owners one summary of yesterday, each sale in it once`, async () => {
    const owners: string[] = [];
    const eventIds: string[] = [];
    for (let i = 0; i < BUSINESSES; i++) {
      const owner = await createUser(t.database.db, { userType: 'business' });
      const business = await createBusiness(t.database.db, { ownerId: owner.id });
      await t.database.db.update(businesses).set({ orderMailDigest: true }).where(eq(businesses.id, business.id));
      const gift = await createGift(t.database.db, { businessId: business.id, price: 2500 });
      const buyer = await createUser(t.database.db);
      // Two sales on the 9th (Madrid): one summary with both.
      for (const at of ['2027-03-09T09:00:00Z', '2027-03-09T18:00:00Z']) {
        const order = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, status: 'paid', paidAt: new Date(at), createdAt: new Date(at) });
        const [event] = await t.database.db.insert(ownerOrderEvents).values({ businessId: business.id, orderId: order.id, kind: 'sold', occurredAt: new Date(at) }).returning({ id: ownerOrderEvents.id });
        eventIds.push(event!.id);
      }
      owners.push(owner.email);
    }

    await Promise.all(race.servers.map((server) => sendOwnerDailySummaries({ ...t.app.ctx, db: server.db, now: () => now })));

    const mails = await t.database.db.select({ to: mailOutbox.to, text: mailOutbox.text }).from(mailOutbox).where(and(eq(mailOutbox.template, 'owner-daily-summary'), inArray(mailOutbox.to, owners)));
    expect(mails.map((m) => m.to).sort()).toEqual([...owners].sort());
    // Both sales in the one summary: neither server sent a part of the day on its own.
    for (const mail of mails) expect(mail.text.match(/Sold|Vendido|Venut/g)).toHaveLength(2);
    const events = await t.database.db.select({ mailedAt: ownerOrderEvents.mailedAt }).from(ownerOrderEvents).where(inArray(ownerOrderEvents.id, eventIds));
    expect(events.every((e) => e.mailedAt !== null)).toBe(true);
  }, 120_000);
});
