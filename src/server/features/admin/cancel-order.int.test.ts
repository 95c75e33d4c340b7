import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { checkouts, orders } from '../../db/schema/orders';
import type { TestPaymentProvider } from '../../platform/payments/test-provider';
import { authedInject, latestMailTo } from '../../testing/auth-helpers';
import { createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { applicant, auditRows, signedIn, snapshot } from './admin-test-world';
import { orderRefundKey } from '../../money/refunds/refund-paid-order';

describe('admin cancels and refunds an order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const provider = () => t.app.ctx.payments as TestPaymentProvider;
  const mailsTo = (email: string, template: string) =>
    t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)));

  async function world(status: 'paid' | 'unpaid' | 'redeemed' | 'expired' | 'cancelled', input: { deliveredAt?: Date | null } = {}) {
    const admin = await signedIn(t, { role: 'admin' });
    const { business } = await applicant(t, { verificationStatus: 'approved', isActive: true, name: 'Bar Pepe' });
    const gift = await createGift(t.database.db, { businessId: business.id, name: 'Paella para dos', price: 4500 });
    const buyer = await createUser(t.database.db, { email: `giver-${crypto.randomUUID().slice(0, 6)}@example.test`, locale: 'en' });
    const recipientEmail = `rcpt-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const order = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, status, recipientEmail, ...input });
    await t.database.db.update(orders).set({ recipientLocale: 'es' }).where(eq(orders.id, order.id));
    const cancel = (reason: unknown = 'Business closed for good') =>
      authedInject(t, admin.cookie, { method: 'POST', url: `/api/admin/orders/${order.id}/cancel`, payload: { reason } });
    return { admin, buyer, order, recipientEmail, cancel };
  }

  it('tells a guest buyer (no account) at their purchase page, in their language (ADR 075)', async () => {
    const { order, cancel } = await world('paid');
    const guestEmail = `guest-${crypto.randomUUID().slice(0, 6)}@example.test`;
    await t.database.db.update(orders).set({ buyerId: null }).where(eq(orders.id, order.id));
    await t.database.db.update(checkouts).set({ buyerId: null, guestName: 'Marta Guest', guestEmail, guestLocale: 'es' }).where(eq(checkouts.id, order.checkoutId!));
    expect((await cancel()).statusCode).toBe(200);
    const mail = await latestMailTo(t, guestEmail, 'order-cancelled-giver');
    expect(mail.locale).toBe('es');
    expect(mail.text).toMatch(/\/purchase\/[0-9a-f-]{36}~\d+~[A-Za-z0-9_-]{43}\?lang=es/);
    expect(mail.text).not.toContain('/app?tab=orders');
  });

  it('refunds a paid order through the provider, cancels it, mails both in their languages and audits it', async () => {
    const { buyer, order, recipientEmail, cancel } = await world('paid');
    const [checkout] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, order.checkoutId!));

    const res = await cancel();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: order.id, status: 'cancelled', cancelReason: 'Business closed for good' });

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'Business closed for good' });
    expect(row!.cancelledAt).not.toBeNull();
    expect(row!.refundedAt).not.toBeNull();
    const refunds = provider().refunds.filter((r) => r.idempotencyKey === orderRefundKey(order.id));
    expect(refunds).toEqual([{ paymentRef: checkout!.paymentRef, amount: order.totalAmount, idempotencyKey: orderRefundKey(order.id), refundRef: expect.any(String) }]);

    const giverMail = await latestMailTo(t, buyer.email, 'order-cancelled-giver');
    expect(giverMail.locale).toBe('en');
    expect(giverMail.text).toContain('We refunded 45,00');
    const recipientMail = await latestMailTo(t, recipientEmail, 'order-cancelled-recipient');
    expect(recipientMail.locale).toBe('es');
    expect(recipientMail.subject).toContain('Bar Pepe');

    const [audit] = await auditRows(t, order.id);
    expect(audit).toMatchObject({
      action: 'order_refunded',
      targetType: 'order',
      before: { status: 'paid' },
      after: { status: 'cancelled', amount: order.totalAmount, refundRef: refunds[0]!.refundRef },
      reason: 'Business closed for good',
    });

    // Cancelling twice is refused and refunds nothing more.
    const again = await cancel();
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('order_not_cancellable');
    expect(provider().refunds.filter((r) => r.idempotencyKey === orderRefundKey(order.id))).toHaveLength(1);
  });

  it('refunds an expired order too', async () => {
    const { order, cancel } = await world('expired');
    expect((await cancel()).json()).toMatchObject({ status: 'cancelled' });
    expect(provider().refunds.some((r) => r.idempotencyKey === orderRefundKey(order.id))).toBe(true);
    expect((await auditRows(t, order.id))[0]).toMatchObject({ action: 'order_refunded', before: { status: 'expired' } });
  });

  it('refuses a redeemed order with 409 and changes nothing', async () => {
    const { order, cancel } = await world('redeemed');
    const before = await snapshot(t);
    const refundsBefore = provider().refunds.length;
    const res = await cancel();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'order_not_cancellable' });
    expect(await snapshot(t)).toBe(before);
    expect(provider().refunds).toHaveLength(refundsBefore);
    expect(await auditRows(t, order.id)).toEqual([]);
  });

  it('cancels an unpaid order without a refund and tells only the giver', async () => {
    const { buyer, order, recipientEmail, cancel } = await world('unpaid');
    const refundsBefore = provider().refunds.length;
    const res = await cancel('Duplicate order');
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'Duplicate order', refundedAt: null });
    expect(provider().refunds).toHaveLength(refundsBefore);
    expect((await latestMailTo(t, buyer.email, 'order-cancelled-giver')).text).toContain('never paid');
    expect(await mailsTo(recipientEmail, 'order-cancelled-recipient')).toEqual([]);
    expect((await auditRows(t, order.id))[0]).toMatchObject({ action: 'order_cancelled', before: { status: 'unpaid' }, after: { status: 'cancelled' } });
  });

  it('does not tell a recipient about a scheduled gift they have not received yet', async () => {
    const { recipientEmail, cancel } = await world('paid', { deliveredAt: null });
    expect((await cancel()).statusCode).toBe(200);
    expect(await mailsTo(recipientEmail, 'order-cancelled-recipient')).toEqual([]);
  });

  it('a provider failure answers 502 refund_failed and changes nothing', async () => {
    const { order, cancel } = await world('paid');
    const before = await snapshot(t);
    const spy = vi.spyOn(t.app.ctx.payments, 'refund').mockRejectedValueOnce(new Error('card_declined'));
    try {
      const res = await cancel();
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'refund_failed' });
    } finally {
      spy.mockRestore();
    }
    expect(await snapshot(t)).toBe(before);
    expect(await auditRows(t, order.id)).toEqual([]);
    // The retry goes through, with the same order-derived key.
    expect((await cancel()).statusCode).toBe(200);
  });

  it('refuses a paid order without a payment the provider knows (409, nothing changed)', async () => {
    const { order, cancel } = await world('paid');
    await t.database.db.update(checkouts).set({ paymentRef: null }).where(eq(checkouts.id, order.checkoutId!));
    const before = await snapshot(t);
    const res = await cancel();
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('order_not_refundable');
    expect(await snapshot(t)).toBe(before);
  });

  it('two admins cancelling at once: one refund call, one 409 (a real race on PostgreSQL)', async () => {
    const { order, cancel } = await world('paid');
    const payments = t.app.ctx.payments;
    const original = payments.refund.bind(payments);
    let calls = 0;
    // The first refund is held until the other request is either blocked on the order's row
    // lock (PostgreSQL) or has reached the provider too (what a missing lock would allow), so
    // the two transactions really overlap. PGlite runs one transaction at a time: no hold.
    const lockWaiters = async () => {
      const result = await t.database.db.execute(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
    };
    const spy = vi.spyOn(payments, 'refund').mockImplementation(async (...args) => {
      calls += 1;
      if (calls === 1 && t.database.kind === 'postgresql') {
        await vi.waitFor(async () => expect(calls > 1 || (await lockWaiters()) > 0).toBe(true), { timeout: 10_000, interval: 20 });
      }
      return original(...args);
    });
    let results;
    try {
      results = await Promise.all([cancel('First'), cancel('Second')]);
    } finally {
      spy.mockRestore();
    }
    expect(calls).toBe(1);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('order_not_cancellable');
    expect(await auditRows(t, order.id)).toHaveLength(1);
  });
});
