import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeExpiresAt } from '@shared/domain/validity';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { gifts } from '../../db/schema/gifts';
import { checkouts, giftMovements, orders } from '../../db/schema/orders';
import { settleRedemption } from '../../money/transfers/settle-redemption';
import { createPurchaseToken } from '../../domain/orders/purchase-link';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expireOrders } from './expire-orders';
import { sendExpiryReminders } from './send-expiry-reminders';

const DAY = 24 * 60 * 60 * 1000;

describe('order expiry and "a week left" reminders', () => {
  let t: TestApp;
  let clock = new Date('2026-03-20T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());
  const ctx = () => ({ db: t.app.ctx.db, config: t.config, now: () => clock });

  async function world() {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, { ownerId: owner.id, name: 'Horchatería Daniel' });
    const gift = await createGift(db, { businessId: shop.id, name: 'Horchata para dos', validityDays: 30 });
    const giver = await createUser(db, { name: 'Lucía Pérez', email: 'lucia@example.test', locale: 'es' });
    const order = (input: Partial<Parameters<typeof createOrder>[1]> = {}) =>
      createOrder(db, { buyerId: giver.id, giftId: gift.id, status: 'paid', recipientName: 'Carmen Martínez', now: clock, ...input });
    return { db, giver, order };
  }

  const statusOf = async (id: string) =>
    (await t.database.db.select({ status: orders.status, updatedAt: orders.updatedAt }).from(orders).where(eq(orders.id, id)))[0]!;
  const outbox = () => t.database.db.select().from(mailOutbox);

  describe('expireOrders', () => {
    it('moves paid orders past expires_at (the Madrid end of day) to expired, and nothing else', async () => {
      const { order } = await world();
      clock = new Date('2026-03-20T10:00:00Z');
      // Last valid day 29 March 2026, the day summer time starts: ends 21:59:59.999 UTC.
      const expiresAt = computeExpiresAt(new Date('2026-02-27T12:00:00Z'), 30);
      expect(expiresAt.toISOString()).toBe('2026-03-29T21:59:59.999Z');
      const due = await order({ expiresAt });
      const redeemed = await order({ status: 'redeemed', expiresAt, redeemedAt: new Date('2026-03-01T10:00:00Z') });
      const cancelled = await order({ status: 'cancelled', expiresAt });
      const unpaid = await order({ status: 'unpaid', expiresAt });
      const later = await order({ expiresAt: new Date(expiresAt.getTime() + DAY) });

      clock = expiresAt;
      expect(await expireOrders(ctx())).toEqual([]);
      clock = new Date(expiresAt.getTime() + 1);
      expect(await expireOrders(ctx())).toEqual([due.id]);
      expect(await statusOf(due.id)).toEqual({ status: 'expired', updatedAt: clock });
      expect((await statusOf(redeemed.id)).status).toBe('redeemed');
      expect((await statusOf(cancelled.id)).status).toBe('cancelled');
      expect((await statusOf(unpaid.id)).status).toBe('unpaid');
      expect((await statusOf(later.id)).status).toBe('paid');
      expect(await expireOrders(ctx())).toEqual([]);
    });

    it('moves each order once when several servers run it at the same moment', async () => {
      const { order } = await world();
      clock = new Date('2026-03-20T10:00:00Z');
      const past = new Date(clock.getTime() - DAY);
      const created = await Promise.all(Array.from({ length: 30 }, () => order({ expiresAt: past })));
      const runs = await Promise.all(Array.from({ length: 5 }, () => expireOrders(ctx())));
      const moved = runs.flat();
      expect(moved).toHaveLength(30);
      expect(new Set(moved)).toEqual(new Set(created.map((o) => o.id)));
    });
  });

  describe('gift cards (ADR 104)', () => {
    it('a card spent in part expires with its balance as an expired movement, and its reminders carry the balance', async () => {
      const { db, order } = await world();
      clock = new Date('2026-03-20T10:00:00Z');
      const expiresAt = new Date(clock.getTime() + 3 * DAY);
      const card = await order({ valueKind: 'card', amountCents: 5000, expiresAt, recipientEmail: 'carmen.card@example.test', recipientLocale: 'es' });
      // 18,40 € used at the counter (the money module's writer, as the counter calls it).
      await settleRedemption(db, { orderId: card.id, businessId: card.businessId, checkoutId: card.checkoutId, amount: 1840, redeemedBy: null, method: 'manual', at: clock, useKey: 'order-expiry-use' });
      await sendExpiryReminders(ctx());
      const mails = (await outbox()).filter((m) => m.to === 'carmen.card@example.test' || (m.template === 'gift-expiry-reminder-giver' && m.text.includes('31,60')));
      expect(mails.map((m) => m.template).sort()).toEqual(['gift-expiry-reminder', 'gift-expiry-reminder-giver']);
      for (const mail of mails) expect(mail.text).toContain('31,60');
      clock = new Date(expiresAt.getTime() + 1);
      expect(await expireOrders(ctx())).toContain(card.id);
      const movements = await db.select().from(giftMovements).where(eq(giftMovements.orderId, card.id));
      expect(movements.filter((m) => m.kind === 'expired').map((m) => m.amount)).toEqual([3160]);
    });
  });

  describe('sendExpiryReminders', () => {
    it('reminds the recipient and the giver once, each in their language, from midnight in Madrid seven days before the last day (across the DST change)', async () => {
      const { order } = await world();
      clock = new Date('2026-03-20T10:00:00Z');
      // Last valid day 2 April (UTC+2); the reminder day, 26 March, is before the change (UTC+1).
      const expiresAt = new Date('2026-04-02T21:59:59.999Z');
      const paid = await order({ expiresAt, recipientEmail: 'carmen@example.test', recipientLocale: 'en', senderName: 'Lucía' });
      const noEmail = await order({ expiresAt, recipientEmail: null, recipientName: 'Rosa Beltrán' });

      clock = new Date('2026-03-25T22:59:59.999Z');
      expect(await sendExpiryReminders(ctx())).toBe(0);
      expect(await outbox()).toHaveLength(0);

      clock = new Date('2026-03-25T23:00:00.000Z');
      expect(await sendExpiryReminders(ctx())).toBe(2);
      const mails = await outbox();
      const summary = mails.map((m) => `${m.to} ${m.template} ${m.locale} ${m.subject}`).sort();
      expect(summary).toEqual([
        'carmen@example.test gift-expiry-reminder en Your gift expires on 2 Apr 2026: Horchata para dos',
        'lucia@example.test gift-expiry-reminder-giver es El regalo para Carmen Martínez caduca el 2 abr 2026',
        'lucia@example.test gift-expiry-reminder-giver es El regalo para Rosa Beltrán caduca el 2 abr 2026',
      ]);
      const toCarmen = mails.find((m) => m.to === 'carmen@example.test')!;
      expect(toCarmen.text).toContain(`${t.config.publicUrl}/g/${paid.qrCode}`);
      expect(toCarmen.text).toContain('Lucía gave you "Horchata para dos" at Horchatería Daniel');
      for (const id of [paid.id, noEmail.id]) {
        const [row] = await t.database.db.select({ at: orders.expiryReminderSentAt }).from(orders).where(eq(orders.id, id));
        expect(row!.at).toEqual(clock);
      }

      clock = new Date('2026-03-30T10:00:00Z');
      expect(await sendExpiryReminders(ctx())).toBe(0);
      expect(await outbox()).toHaveLength(3);
    });

    it('reminds a guest giver at their purchase page, and names the gift in each reader’s language (ADRs 073, 075)', async () => {
      const { db } = await world();
      clock = new Date('2026-03-20T10:00:00Z');
      const owner = await createUser(db, { userType: 'business' });
      const shop = await createBusiness(db, { ownerId: owner.id, name: 'Forn de la Seu' });
      const gift = await createGift(db, { businessId: shop.id, name: 'Coca de llanda', validityDays: 30 });
      await db.update(gifts).set({ nameTranslations: { va: 'Coca de llanda valenciana', en: 'Valencian sponge cake' } }).where(eq(gifts.id, gift.id));
      const expiresAt = new Date('2026-04-02T21:59:59.999Z');
      const order = await createOrder(db, { buyerId: null, giftId: gift.id, status: 'paid', recipientName: 'Pau', recipientEmail: 'pau@example.test', recipientLocale: 'va', now: clock, expiresAt });
      await db.update(checkouts).set({ guestName: 'Marta Guest', guestEmail: 'marta.guest@example.test', guestLocale: 'en' }).where(eq(checkouts.id, order.checkoutId!));
      const [checkout] = await db.select().from(checkouts).where(eq(checkouts.id, order.checkoutId!));

      clock = new Date('2026-03-25T23:00:00.000Z');
      await sendExpiryReminders(ctx());
      const mails = (await outbox()).filter((m) => m.to === 'pau@example.test' || m.to === 'marta.guest@example.test');
      expect(mails.map((m) => `${m.to} ${m.template} ${m.locale}`).sort()).toEqual([
        'marta.guest@example.test gift-expiry-reminder-giver en',
        'pau@example.test gift-expiry-reminder va',
      ]);
      const toGuest = mails.find((m) => m.to === 'marta.guest@example.test')!;
      expect(toGuest.text).toContain('Valencian sponge cake');
      expect(toGuest.text).toContain(`${t.config.publicUrl}/purchase/${createPurchaseToken(t.config.authSecret, checkout!.id, checkout!.createdAt)}?lang=en`);
      expect(toGuest.text).not.toContain('/app?tab=orders');
      expect(mails.find((m) => m.to === 'pau@example.test')!.subject).toContain('Coca de llanda valenciana');
    });

    it('sends nothing for redeemed, cancelled, expired, unpaid, not-yet-due or already reminded orders', async () => {
      const { order } = await world();
      clock = new Date('2026-05-01T10:00:00Z');
      const soon = new Date('2026-05-05T21:59:59.999Z');
      const withEmail = { recipientEmail: 'someone@example.test' };
      await order({ ...withEmail, status: 'redeemed', expiresAt: soon, redeemedAt: new Date('2026-04-30T10:00:00Z') });
      await order({ ...withEmail, status: 'cancelled', expiresAt: soon });
      await order({ ...withEmail, status: 'unpaid', expiresAt: soon });
      await order({ ...withEmail, status: 'expired', expiresAt: new Date('2026-04-30T21:59:59.999Z') });
      // Paid but already past its expiry: expired for everyone, even before the job writes it.
      await order({ ...withEmail, expiresAt: new Date('2026-04-30T21:59:59.999Z') });
      // Last day 9 May: due from 2 May, not on 1 May.
      await order({ ...withEmail, expiresAt: new Date('2026-05-09T21:59:59.999Z') });
      const reminded = await order({ ...withEmail, expiresAt: soon });
      await t.database.db.update(orders).set({ expiryReminderSentAt: new Date('2026-04-28T08:00:00Z') }).where(eq(orders.id, reminded.id));

      expect(await sendExpiryReminders(ctx())).toBe(0);
      expect(await outbox()).toHaveLength(0);
    });

    it('sends each reminder exactly once when two servers run at the same moment', async () => {
      const { db, order, giver } = await world();
      clock = new Date('2026-05-01T10:00:00Z');
      const soon = new Date('2026-05-05T21:59:59.999Z');
      // More than one batch (50), so each worker loops while the other claims rows.
      const count = 70;
      await Promise.all(Array.from({ length: count }, (_, i) => order({ expiresAt: soon, recipientEmail: `r${i}@example.test` })));

      const [a, b] = await Promise.all([sendExpiryReminders(ctx()), sendExpiryReminders(ctx())]);
      expect(a + b).toBe(count);
      const mails = await outbox();
      const recipientMails = mails.filter((m) => m.template === 'gift-expiry-reminder');
      expect(recipientMails).toHaveLength(count);
      expect(new Set(recipientMails.map((m) => m.to)).size).toBe(count);
      expect(mails.filter((m) => m.template === 'gift-expiry-reminder-giver' && m.to === giver.email)).toHaveLength(count);
      const unreminded = await db.select({ id: orders.id }).from(orders).where(isNull(orders.expiryReminderSentAt));
      expect(unreminded).toHaveLength(0);
      expect(await sendExpiryReminders(ctx())).toBe(0);
      expect(await outbox()).toHaveLength(2 * count);
    });
  });
});
