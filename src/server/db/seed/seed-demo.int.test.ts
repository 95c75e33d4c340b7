import { mkdtempSync } from 'node:fs';
import { withdrawalPeriodEnd } from '../../money/transfers/transfer-schedule';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessCategories, type BusinessType } from '@shared/domain/business';
import { orderStatuses } from '@shared/domain/order-status';
import { classifyTaxId } from '@shared/domain/tax-id';
import { loadConfig } from '../../config';
import { verifyPassword } from '../../platform/auth/password';
import { createLocalStorage } from '../../platform/storage/local-storage';
import { keyFromPublicUrl } from '../../platform/storage/public-files';
import type { Storage } from '../../platform/storage/storage';
import { signIn } from '../../testing/auth-helpers';
import { createTestApp } from '../../testing/test-app';
import { getTestDatabase } from '../../testing/test-database';
import { accounts, users } from '../schema/auth';
import { businessApplications, businesses } from '../schema/businesses';
import { contacts } from '../schema/contacts';
import { ledgerEntries, payoutAccounts, transfers } from '../schema/payouts';
import { gifts } from '../schema/gifts';
import { giftMovements, orders, redemptions } from '../schema/orders';
import { remainingValue, type GiftMovementKind } from '@shared/domain/gift-movements';
import { DEMO_PASSWORD } from './demo-data';
import { seedDemo } from './seed-demo';
import { bookings, bookingSessions, bookingSlots } from '../schema/bookings';
import { findOnlineBookingGifts } from '../../domain/bookings/find-online-booking-gifts';

async function countAllTables(): Promise<Record<string, number>> {
  const { db } = await getTestDatabase();
  const tables = (
    (await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as {
      rows: { tablename: string }[];
    }
  ).rows.map((r) => r.tablename);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = (await db.execute(sql.raw(`select count(*)::int as n from "${table}"`))) as unknown as {
      rows: { n: number }[];
    };
    counts[table] = result.rows[0]!.n;
  }
  return counts;
}

describe('demo seed', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-seed-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' });
  let storage: Storage;
  beforeAll(() => {
    storage = createLocalStorage(path.join(dataDir, 'files'));
  });

  it('loads the demo and a second run changes nothing', async () => {
    const { db } = await getTestDatabase();
    const first = await seedDemo({ db, config, storage });
    expect(first.businesses).toBeGreaterThanOrEqual(14);
    const afterFirst = await countAllTables();
    const filesAfterFirst = (await storage.list('')).length;

    const second = await seedDemo({ db, config, storage });
    expect(second).toEqual({ users: 0, businesses: 0, gifts: 0, contacts: 0, orders: 0, applications: 0, files: 0 });
    expect(await countAllTables()).toEqual(afterFirst);
    expect((await storage.list('')).length).toBe(filesAfterFirst);
    expect(afterFirst.orders).toBeGreaterThan(0);
  });

  it('creates the demo accounts with the shared password and verified emails', async () => {
    const { db } = await getTestDatabase();
    await seedDemo({ db, config, storage });
    for (const [email, role, userType] of [
      ['consumer@demo.regalo.test', 'user', 'consumer'],
      ['owner@demo.regalo.test', 'user', 'business'],
      ['admin@demo.regalo.test', 'admin', 'consumer'],
    ] as const) {
      const [user] = await db.select().from(users).where(eq(users.email, email));
      expect(user, email).toMatchObject({ role, userType, emailVerified: true });
      const [account] = await db.select().from(accounts).where(eq(accounts.userId, user!.id));
      expect(account!.providerId).toBe('credential');
      expect(await verifyPassword(DEMO_PASSWORD, account!.password!)).toBe(true);
    }

    const t = await createTestApp();
    try {
      const { user } = await signIn(t, { email: 'owner@demo.regalo.test', password: DEMO_PASSWORD });
      expect(user).toMatchObject({ email: 'owner@demo.regalo.test', name: 'Vicent Ferrer' });
    } finally {
      await t.close();
    }
  });

  it('gives the consumer contacts and orders in every status at the owner’s business', async () => {
    const { db } = await getTestDatabase();
    await seedDemo({ db, config, storage });
    const [consumer] = await db.select().from(users).where(eq(users.email, 'consumer@demo.regalo.test'));
    expect(consumer!.name).toBe('Lucía Martínez');
    expect((await db.select().from(contacts).where(eq(contacts.userId, consumer!.id))).length).toBeGreaterThanOrEqual(5);

    const [owner] = await db.select().from(users).where(eq(users.email, 'owner@demo.regalo.test'));
    expect(owner!.name).toBe('Vicent Ferrer');
    const [business] = await db.select().from(businesses).where(eq(businesses.ownerId, owner!.id));
    expect(business).toMatchObject({ verificationStatus: 'approved', isActive: true, city: 'Valencia' });

    const ownerOrders = await db.select().from(orders).where(eq(orders.businessId, business!.id));
    // Every status but refund pending: a refund the provider refused, retried by a job (ADR 084),
    // is a failure the demo does not stage.
    expect(new Set(ownerOrders.map((o) => o.status))).toEqual(new Set(orderStatuses.filter((s) => s !== 'refund_pending')));
    expect(ownerOrders.every((o) => o.buyerId === consumer!.id)).toBe(true);
    const now = Date.now();
    for (const order of ownerOrders) {
      if (order.status === 'expired') expect(order.expiresAt.getTime()).toBeLessThan(now);
      if (order.status === 'paid') expect(order.expiresAt.getTime()).toBeGreaterThan(now);
      expect(order.totalAmount).toBeGreaterThan(0);
      // Paid demo orders were bought through checkout: a succeeded test checkout, exact money, a real code.
      if (order.status === 'paid' || order.status === 'redeemed' || order.status === 'expired') {
        expect(order.checkoutId).not.toBeNull();
        expect(order.commissionAmount! + order.commissionVatAmount! + order.netAmount!).toBe(order.totalAmount);
        expect(order.qrCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(order.senderName).toBe('Lucía');
      }
    }

    // Money out (ADR 053): each paid order's ledger adds up, its transfer went when it fell due.
    const [palmeraAccount] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.businessId, business!.id));
    expect(palmeraAccount).toMatchObject({ provider: 'test', transfersActive: true });
    for (const order of ownerOrders) {
      const kinds = (await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id))).map((e) => `${e.kind}:${e.amount}`);
      const [transfer] = await db.select().from(transfers).where(eq(transfers.orderId, order.id));
      if (order.paidAt === null) {
        expect(kinds).toEqual([]);
        continue;
      }
      expect(kinds.slice(0, 3)).toEqual([`commission:${order.commissionAmount}`, `commission_vat:${order.commissionVatAmount}`, `share_owed:${order.netAmount}`]);
      // A card's transfer goes with its first use (ADR 104), before it is spent.
      const firstUse = Math.min(...(await db.select().from(redemptions).where(eq(redemptions.orderId, order.id))).map((r) => r.createdAt.getTime()));
      const dueAt = Math.min(order.redeemedAt?.getTime() ?? Infinity, firstUse, withdrawalPeriodEnd(order.paidAt).getTime());
      if (order.status === 'cancelled' || order.status === 'withdrawn') expect(transfer).toMatchObject({ state: 'cancelled' });
      else if (dueAt <= now) expect(transfer, order.status).toMatchObject({ state: 'sent', sentAt: new Date(dueAt) });
      else expect(transfer).toMatchObject({ state: 'due', nextAttemptAt: new Date(dueAt) });
    }

    // A gift card spent in part (ADR 104): two uses at the counter, the balance what is left.
    const cards = ownerOrders.filter((o) => o.valueKind === 'card');
    expect(cards).toHaveLength(1);
    const card = cards[0]!;
    expect(card).toMatchObject({ status: 'paid', totalAmount: 5000 });
    const uses = await db.select().from(redemptions).where(eq(redemptions.orderId, card.id));
    expect(uses).toHaveLength(2);
    const movements = await db.select().from(giftMovements).where(eq(giftMovements.orderId, card.id));
    expect(movements.map((m) => `${m.kind}:${m.amount}`).sort()).toEqual(['issued:5000', 'redeemed:1000', 'redeemed:1840']);
    expect(remainingValue(movements.map((m) => ({ kind: m.kind as GiftMovementKind, amount: m.amount })))).toBe(2160);

    // One demo business left its payout onboarding unfinished: approved, but not sold yet.
    const [taller] = await db.select().from(businesses).where(eq(businesses.name, 'Taller Blau de Manises'));
    const [tallerAccount] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.businessId, taller!.id));
    expect(tallerAccount).toMatchObject({ detailsSubmitted: false, transfersActive: false });
  });

  it('gives every paid, redeemed, expired and cancelled demo order a working gift page (unpaid ones have none)', async () => {
    const { db } = await getTestDatabase();
    await seedDemo({ db, config, storage });
    const [consumer] = await db.select().from(users).where(eq(users.email, 'consumer@demo.regalo.test'));
    const sent = await db.select().from(orders).where(eq(orders.buyerId, consumer!.id));
    const t = await createTestApp();
    try {
      for (const order of sent) {
        const res = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}?lang=es` });
        if (order.status === 'unpaid') {
          expect(res.statusCode).toBe(404);
          continue;
        }
        expect(res.statusCode, order.status).toBe(200);
        expect(res.body).toContain(`data-status="${order.status === 'paid' ? 'ready' : order.status}"`);
        expect(res.body).toContain('De parte de Lucía');
      }
      expect(sent.filter((o) => o.status === 'paid').length).toBeGreaterThanOrEqual(2);
    } finally {
      await t.close();
    }
  });

  it('lists 12+ approved Valencia businesses across the categories, with stored images', async () => {
    const { db } = await getTestDatabase();
    await seedDemo({ db, config, storage });
    const listed = await db
      .select()
      .from(businesses)
      .where(sql`${businesses.verificationStatus} = 'approved' and ${businesses.isActive} and ${businesses.city} = 'Valencia'`);
    expect(listed.length).toBeGreaterThanOrEqual(12);
    const categories = new Set(listed.map((b) => b.category));
    expect(categories.size).toBeGreaterThanOrEqual(8);
    for (const c of categories) expect(businessCategories).toContain(c);

    for (const business of listed) {
      const own = await db.select().from(gifts).where(eq(gifts.businessId, business.id));
      expect(own.length, business.name).toBeGreaterThanOrEqual(3);
      expect(own.length, business.name).toBeLessThanOrEqual(6);
      expect(business.termsAcceptedAt).not.toBeNull();
      expect(business.verificationDocuments.length).toBeGreaterThanOrEqual(3);
    }

    const sample = listed[0]!;
    const key = keyFromPublicUrl(sample.imageUrl);
    expect(key).not.toBeNull();
    const file = await storage.get(key!);
    const meta = await sharp(await buffer(file!.body)).metadata();
    expect(meta.format).toBe('webp');
    expect(await storage.exists(key!.replace('/main.', '/main-w480.'))).toBe(true);
    const [gift] = await db.select().from(gifts).where(eq(gifts.businessId, sample.id));
    const giftKey = keyFromPublicUrl(gift!.imageUrl)!;
    expect(await storage.exists(giftKey)).toBe(true);
    expect(await storage.exists(giftKey.replace('/main.', '/main-w480.'))).toBe(true);
  });

  it('writes the businesses’ and gifts’ texts in Spanish, as Valencian businesses write them', async () => {
    const { db } = await getTestDatabase();
    await seedDemo({ db, config, storage });
    const texts = [
      ...(await db.select({ name: businesses.name, description: businesses.description, reason: businesses.rejectionReason }).from(businesses)),
      ...(await db.select({ name: gifts.name, description: gifts.description }).from(gifts)),
    ].flatMap((row) => Object.values(row).filter((value): value is string => typeof value === 'string'));
    expect(texts.length).toBeGreaterThan(100);
    // Words every English sentence has and no Spanish one does (the first seed was English).
    const english = /\b(the|and|for|with|your|of|to)\b/i;
    expect(texts.filter((text) => english.test(text))).toEqual([]);
    const [owner] = await db.select().from(users).where(eq(users.email, 'owner@demo.regalo.test'));
    const [palmera] = await db.select().from(businesses).where(eq(businesses.ownerId, owner!.id));
    expect(palmera!.description).toContain('Horchata hecha cada mañana');
    const names = (await db.select({ name: gifts.name }).from(gifts).where(eq(gifts.businessId, palmera!.id))).map((g) => g.name);
    expect(names).toContain('Merienda de horchata y fartons para dos');
    // A gift card (ADR 108) at La Palmera and at two other businesses.
    const cards = await db.select({ businessId: gifts.businessId, minAmount: gifts.minAmount }).from(gifts).where(eq(gifts.kind, 'card'));
    expect(new Set(cards.map((c) => c.businessId)).size).toBe(3);
    expect(cards.map((c) => c.businessId)).toContain(palmera!.id);
  });

  it('gives the first businesses\' gifts and the arrocería\'s opening hours Valencian and English texts, so the demo shows them per reader', async () => {
    const { db } = await getTestDatabase();
    await seedDemo({ db, config, storage });
    const [owner] = await db.select().from(users).where(eq(users.email, 'owner@demo.regalo.test'));
    const [palmera] = await db.select().from(businesses).where(eq(businesses.ownerId, owner!.id));
    const palmeraGifts = await db.select().from(gifts).where(eq(gifts.businessId, palmera!.id));
    expect(palmeraGifts.length).toBeGreaterThan(0);
    for (const gift of palmeraGifts) {
      expect(Object.keys(gift.nameTranslations).sort(), gift.name).toEqual(['en', 'va']);
      expect(Object.keys(gift.descriptionTranslations).sort(), gift.name).toEqual(['en', 'va']);
    }
    expect(palmeraGifts.find((g) => g.name === 'Merienda de horchata y fartons para dos')!.nameTranslations).toEqual({
      va: 'Berenar d’orxata i fartons per a dos',
      en: 'Horchata and fartons for two',
    });
    const [arroceria] = await db.select().from(businesses).where(eq(businesses.name, 'Arrocería Sueca 27'));
    expect(arroceria!.openingHoursTranslations.va).toContain('De dimarts a diumenge');
    expect(arroceria!.openingHoursTranslations.en).toContain('Tuesday to Sunday');
  });

  it('adds one pending and one rejected applicant, neither listed', async () => {
    const { db } = await getTestDatabase();
    await seedDemo({ db, config, storage });
    const pending = await db.select().from(businesses).where(eq(businesses.verificationStatus, 'pending'));
    const rejected = await db.select().from(businesses).where(eq(businesses.verificationStatus, 'rejected'));
    expect(pending).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(pending[0]!.isActive).toBe(false);
    expect(rejected[0]!.rejectionReason).toMatch(/\w+/);
    const [application] = await db
      .select()
      .from(businessApplications)
      .where(eq(businessApplications.businessId, pending[0]!.id));
    expect(application!.applicationStatus).toBe('pending');
    expect(pending[0]!.ownerId).not.toBe(rejected[0]!.ownerId);
  });

  it('gives every demo business the tax id of its type: a person’s NIF or NIE for an individual, a CIF otherwise', async () => {
    const { db } = await getTestDatabase();
    await seedDemo({ db, config, storage });
    const all = await db.select({ name: businesses.name, type: businesses.businessType, taxId: businesses.taxId }).from(businesses);
    expect(all.map((b) => b.type)).toContain('individual');
    for (const business of all) {
      const kind = classifyTaxId(business.taxId, business.type as BusinessType);
      if (business.type === 'individual') expect(['nif', 'nie'], business.name).toContain(kind);
      else expect(kind, business.name).toBe('cif');
    }
  });

  it('publishes times for the gifts that need booking (La Palmera too), holds a few bookings, and leaves one business with no time within 30 days', async () => {
    const { db } = await getTestDatabase();
    // A clock of the seed's own, far from the real one: the times and bookings follow it.
    const now = new Date('2027-05-11T08:00:00Z');
    await seedDemo({ db, config, storage, now });
    const nameOf = new Map((await db.select({ id: businesses.id, name: businesses.name }).from(businesses)).map((b) => [b.id, b.name]));
    const sessions = await db.select().from(bookingSessions);
    const byBusiness = (name: string) => sessions.filter((session) => nameOf.get(session.businessId) === name);
    expect(byBusiness('Orxateria La Palmera').map((s) => [s.kind, s.isoWeekday, s.startTime])).toEqual(expect.arrayContaining([['weekly', 4, '18:00'], ['weekly', 6, '11:30']]));
    expect(byBusiness('Arrocería Sueca 27')).toHaveLength(2);
    // Dated from the seed's clock, on Madrid's calendar: 45 days after 11 May 2027.
    expect(byBusiness('Tast del Mercat').map((s) => [s.kind, s.onDate])).toEqual([['once', '2027-06-25']]);

    // Every gift that needs booking at these businesses is booked online; the cooking class has no time soon.
    const online = await findOnlineBookingGifts(db, now);
    const giftNames = new Map((await db.select({ id: gifts.id, name: gifts.name }).from(gifts)).map((g) => [g.id, g.name]));
    const next = Object.fromEntries([...online].map(([id, at]) => [giftNames.get(id), at?.toISOString() ?? null]));
    expect(next).toEqual({
      'Cata de horchata y la historia de la chufa': '2027-05-13T16:00:00.000Z',
      'Paella valenciana para dos': '2027-05-12T12:00:00.000Z',
      'Clase de cocina: paella': null,
    });

    // The bookings: on times after the seed's clock, counted on their slots by the trigger.
    const booked = await db
      .select({ gift: gifts.name, startsAt: bookingSlots.startsAt, partySize: bookings.partySize, slotBooked: bookingSlots.booked, status: bookings.status })
      .from(bookings)
      .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
      .innerJoin(orders, eq(orders.id, bookings.orderId))
      .innerJoin(gifts, eq(gifts.id, orders.giftId));
    expect(booked.map((b) => b.gift).sort()).toEqual(['Cata de horchata y la historia de la chufa', 'Paella valenciana para dos']);
    for (const booking of booked) {
      expect(booking.status).toBe('booked');
      expect(booking.startsAt.getTime()).toBeGreaterThan(now.getTime());
      expect(booking.slotBooked).toBe(booking.partySize);
    }
    // The gift sold at the business with no time is paid, unbooked: the way out can be tried on it.
    const [klass] = await db.select({ id: orders.id }).from(orders).innerJoin(gifts, eq(gifts.id, orders.giftId)).where(eq(gifts.name, 'Clase de cocina: paella'));
    expect(klass).toBeDefined();
  });
});
