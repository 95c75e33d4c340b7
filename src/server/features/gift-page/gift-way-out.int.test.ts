import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { giftMovements, checkouts, orders } from '../../db/schema/orders';
import { bookingMisses, bookingSessions } from '../../db/schema/bookings';
import { ledgerEntries, transfers } from '../../db/schema/payouts';
import { bookGiftTime } from '../../domain/bookings/book-gift-time';
import { slotKey } from '../../domain/bookings/claim-slot';
import { getBusinessBalances } from '../../money/ledger/ledger-balances';
import { chainOf, invoicesOf, linesOf } from '../../money/invoices/invoice-test-world';
import { transferOf as transferRow } from '../../money/payouts-test-world';
import { issueDueInvoices } from '../../money/invoices/issue-due-invoices';
import { reconcileLedger } from '../../money/reconciliation/reconcile-ledger';
import { sendDueTransfers } from '../../money/transfers/send-due-transfers';
import { verifyChain } from '../../money/verifactu/verify-chain';
import type { TestPaymentProvider } from '../../platform/payments/test-provider';
import { latestMailTo } from '../../testing/auth-helpers';
import { weeklySession } from '../../testing/booking-test-world';
import { as, signedInOwner } from '../../testing/dashboard-test-world';
import { createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { exchangeStuckGift } from './exchange-stuck-gift';

/**
 * A gift that needs booking is never stuck (ADR 109): the business's second cancellation, or
 * no free time within 30 days, opens the way out on the gift page; the exchange and the refund
 * each go through the money module in one transaction, once, and the ledger still reconciles.
 */
describe('a stuck gift’s way out', () => {
  const START = new Date('2026-12-07T09:00:00Z');
  let now = START;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now = START;
  });
  const db = () => t.database.db;
  const provider = () => t.app.ctx.payments as TestPaymentProvider;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const post = (url: string, form: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.config.publicUrl },
      payload: new URLSearchParams(form).toString(),
    });

  /**
   * A business taking bookings (signed in), its 60 € gift for two that needs booking, a cheaper
   * 25 € one, and a paid gift of the first. Its Saturday session is live, or `withdrawn` (it
   * offered times once, none now), or `never` published (it books by phone).
   */
  async function stuckWorld(options: { session?: 'live' | 'withdrawn' | 'never' } = {}) {
    const owner = await signedInOwner(t, { phone: '+34963123456', legalName: 'Sopars Empar S.L.', fiscalAddress: 'Carrer de la Reina 12, 46011 València' });
    const gift = await createGift(db(), { businessId: owner.business.id, bookingRequired: true, partySize: 2, price: 6000, name: 'Sopar per a dos' });
    const cheaper = await createGift(db(), { businessId: owner.business.id, price: 2500, name: 'Orxata i fartons' });
    const pricier = await createGift(db(), { businessId: owner.business.id, price: 9000, name: 'Menú degustació' });
    const session = options.session === 'never' ? null : await weeklySession(db(), owner.business.id, { isoWeekday: 6, startTime: '20:00', places: 10 });
    if (session && options.session === 'withdrawn') await db().update(bookingSessions).set({ withdrawnAt: now }).where(eq(bookingSessions.id, session.id));
    const buyer = await createUser(db());
    const order = await createOrder(db(), { buyerId: buyer.id, giftId: gift.id, status: 'paid', recipientName: 'Neus', recipientEmail: 'neus@example.test', recipientLocale: 'va', now, createdAt: now, paidAt: now });
    const [checkout] = await db().select().from(checkouts).where(eq(checkouts.id, order.checkoutId!));
    // The charge at the provider, as its payment page makes it, so the reconciliation has both sides.
    provider().recordCharge(checkout!.paymentRef!, checkout!.amountTotal, now);
    return { owner, gift, cheaper, pricier, session, buyer, order, path: `/g/${order.qrCode}` };
  }

  /** The provider keeps every test's movements (the database is fresh per test): each test looks at its own hours. */
  async function expectReconciled(businessId: string, kept: number, from: Date) {
    const balances = await getBusinessBalances(db(), businessId);
    expect(balances.owed + balances.inTransit + balances.paidOut + balances.commission + balances.commissionVat).toBe(kept);
    const result = await reconcileLedger(t.app.ctx, { from: new Date(from.getTime() - 60_000), to: new Date(now.getTime() + 60_000) });
    expect(result.differences, JSON.stringify(result.differences)).toEqual([]);
  }

  it('opens at the business’s second cancellation; the exchange refuses the old code, gives a new one, refunds the difference and keeps the ledger right', async () => {
    const w = await stuckWorld();
    const book = async (date: string) => (await bookGiftTime(t.app.ctx, w.order.qrCode, { slot: slotKey({ sessionId: w.session!.id, date }), name: 'Neus' })).id;

    // Free times and no cancellation: no way out, and its pages refuse.
    expect((await get(`${w.path}?lang=va`)).body).not.toContain('data-testid="way-out"');
    expect((await get(`${w.path}/way-out/refund?lang=va`)).statusCode).toBe(409);
    expect((await post(`${w.path}/way-out/exchange?lang=va`, { gift: w.cheaper.id })).statusCode).toBe(409);

    const cancel = async (id: string) => expect((await as(t, w.owner.cookie)({ method: 'POST', url: `/api/business/bookings/${id}/cancel`, payload: { reason: 'Cuina tancada' } })).statusCode).toBe(200);
    await cancel(await book('2026-12-12'));
    expect((await get(`${w.path}?lang=va`)).body).not.toContain('data-testid="way-out"');
    await cancel(await book('2026-12-19'));
    const page = await get(`${w.path}?lang=va`);
    expect(page.body).toContain('data-reason="cancelled_twice"');
    expect(page.body).toContain('ha anul·lat la teua reserva dues vegades');
    // Same price or less, another gift: the cheaper one only.
    expect(page.body).toContain(`gift=${w.cheaper.id}`);
    expect(page.body).not.toContain(`gift=${w.pricier.id}`);
    expect(page.body).not.toContain('<script');

    const confirm = await get(`${w.path}/way-out/exchange?lang=va&gift=${w.cheaper.id}`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('data-testid="way-out-difference"');
    expect(confirm.body).toContain('35,00');
    // A gift costing more is not offered, even asked for by hand.
    expect((await get(`${w.path}/way-out/exchange?lang=va&gift=${w.pricier.id}`)).statusCode).toBe(409);
    expect((await post(`${w.path}/way-out/exchange?lang=va`, { gift: w.pricier.id })).statusCode).toBe(409);

    now = new Date(START.getTime() + 3_600_000);
    const done = await post(`${w.path}/way-out/exchange?lang=va`, { gift: w.cheaper.id });
    expect(done.statusCode).toBe(303);
    // A second submission (a double tap) answers the same new gift and changes nothing.
    const again = await post(`${w.path}/way-out/exchange?lang=va`, { gift: w.cheaper.id });
    expect(again.headers.location).toBe(done.headers.location);
    expect(await exchangeStuckGift(t.app.ctx, w.order.qrCode, w.cheaper.id)).toBe(/^\/g\/([^?]+)/.exec(done.headers.location!)![1]);

    const [old] = await db().select().from(orders).where(eq(orders.id, w.order.id));
    const [created] = await db().select().from(orders).where(eq(orders.id, old!.exchangedForId!));
    expect(old).toMatchObject({ status: 'cancelled', exchangedForId: created!.id });
    expect(created).toMatchObject({ status: 'paid', giftId: w.cheaper.id, totalAmount: 2500, checkoutId: w.order.checkoutId, recipientName: 'Neus', expiresAt: w.order.expiresAt, paidAt: w.order.paidAt });
    expect(created!.commissionAmount! + created!.commissionVatAmount! + created!.netAmount!).toBe(2500);
    expect(created!.qrCode).not.toBe(w.order.qrCode);
    const newPage = await get(done.headers.location!);
    expect(newPage.body).toContain('data-testid="way-out-exchanged"');
    expect(newPage.body).toContain('Orxata i fartons');
    const oldPage = await get(`${w.path}?lang=va`);
    expect(oldPage.body).toContain('data-testid="way-out-done"');
    expect(oldPage.body).toContain(`/g/${created!.qrCode}`);

    // The counter: the old code is refused, the new one redeems.
    const redeem = (code: string) => as(t, w.owner.cookie)({ method: 'POST', url: '/api/business/redemptions', payload: { code } });
    expect((await redeem(w.order.qrCode)).statusCode).toBe(409);
    expect((await redeem(created!.qrCode)).statusCode).toBe(200);

    // Money: 35 € back to the giver once, the old gift's value gone, the new one issued and redeemed.
    const refunds = provider().refunds.filter((r) => r.idempotencyKey === `regalo-exchange-refund-${w.order.id}`);
    expect(refunds.map((r) => r.amount)).toEqual([3500]);
    const movements = async (orderId: string) =>
      (await db().select().from(giftMovements).where(eq(giftMovements.orderId, orderId))).map((m) => `${m.kind}:${m.amount}`).sort();
    expect(await movements(w.order.id)).toEqual(['exchanged:2500', 'issued:6000', 'refunded:3500']);
    expect(await movements(created!.id)).toEqual(['issued:2500', 'redeemed:2500']);
    const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, w.order.id));
    const sum = (kinds: string[]) => rows.filter((r) => kinds.includes(r.kind)).reduce((n, r) => n + r.amount, 0);
    expect(sum(['refund_commission', 'refund_commission_vat', 'refund_share'])).toBe(3500);
    expect(sum(['exchange_commission', 'exchange_commission_vat', 'exchange_share'])).toBe(2500);
    expect(sum(['commission', 'commission_vat', 'share_owed'])).toBe(6000);
    const [oldTransfer] = await db().select().from(transfers).where(eq(transfers.orderId, w.order.id));
    const [newTransfer] = await db().select().from(transfers).where(eq(transfers.orderId, created!.id));
    expect(oldTransfer!.state).toBe('cancelled');
    expect(newTransfer).toMatchObject({ amount: created!.netAmount, state: 'due' });
    await expectReconciled(w.owner.business.id, 2500, START);

    const mail = await latestMailTo(t, w.buyer.email, 'gift-exchanged-no-booking');
    expect(mail.text).toContain('Orxata i fartons');
    expect(mail.text).toContain('35,00');
    // The recipient had the gift by email: the new gift's email brings its new page.
    expect((await latestMailTo(t, 'neus@example.test', 'gift-received')).text).toContain(`/g/${created!.qrCode}`);
  });

  it('with no free time in the next 30 days, gives the money back to the giver once, tells them, and closes the gift', async () => {
    now = new Date(START.getTime() + 3 * 86_400_000);
    const from = now;
    const w = await stuckWorld({ session: 'withdrawn' });
    const page = await get(`${w.path}?lang=es`);
    expect(page.body).toContain('data-reason="no_time"');
    expect(page.body).toContain('data-testid="way-out-refund"');
    // Finding no time is counted once per gift and day, for the admin.
    await get(`${w.path}?lang=es`);
    expect(await db().select().from(bookingMisses).where(eq(bookingMisses.orderId, w.order.id))).toHaveLength(1);

    const confirm = await get(`${w.path}/way-out/refund?lang=es`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('60,00');
    const done = await post(`${w.path}/way-out/refund?lang=es`);
    expect(done.statusCode).toBe(303);
    expect((await post(`${w.path}/way-out/refund?lang=es`)).statusCode).toBe(303);

    const [order] = await db().select().from(orders).where(eq(orders.id, w.order.id));
    expect(order).toMatchObject({ status: 'cancelled' });
    expect(order!.refundedAt).not.toBeNull();
    expect(provider().refunds.filter((r) => r.idempotencyKey?.startsWith(`regalo-refund-order-${w.order.id}`)).map((r) => r.amount)).toEqual([6000]);
    const rows = await db().select().from(ledgerEntries).where(and(eq(ledgerEntries.orderId, w.order.id)));
    expect(rows.filter((r) => r.kind.startsWith('refund_')).reduce((n, r) => n + r.amount, 0)).toBe(6000);
    const mail = await latestMailTo(t, w.buyer.email, 'gift-refunded-no-booking');
    expect(mail.text).toContain('60,00');
    expect((await get(`${w.path}?lang=es`)).body).toContain('data-testid="way-out-done"');
    // Nothing more to take: the way out leads back to the closed gift, the counter refuses the code.
    const late = await post(`${w.path}/way-out/exchange?lang=es`, { gift: w.cheaper.id });
    expect(late.headers.location).toBe(`${w.path}?lang=es`);
    expect((await db().select({ to: orders.exchangedForId }).from(orders).where(eq(orders.id, w.order.id)))[0]!.to).toBeNull();
    expect((await as(t, w.owner.cookie)({ method: 'POST', url: '/api/business/redemptions', payload: { code: w.order.qrCode } })).statusCode).toBe(409);
    await expectReconciled(w.owner.business.id, 0, from);
  });

  const transferOf = (orderId: string) => transferRow(t, orderId);

  it('weeks later, the share sent and the month invoiced: the exchange reverses the transfer, rectifies the month, and the new gift is paid out and invoiced in its own', async () => {
    // Bought on 12 December, after the other tests' hours at the provider.
    now = new Date('2026-12-12T10:00:00Z');
    const from = now;
    const w = await stuckWorld({ session: 'withdrawn' });
    // December is invoiced on 1 January; past the withdrawal period the old gift's share goes to the business.
    now = new Date('2027-01-01T08:00:00Z');
    await issueDueInvoices(t.app.ctx);
    const [f1, ...none] = await invoicesOf(t, w.owner.business.id);
    expect(none).toEqual([]);
    expect(f1).toMatchObject({ type: 'F1', period: '2026-12' });
    now = new Date('2027-01-04T10:00:00Z');
    await sendDueTransfers(t.app.ctx);
    expect((await transferOf(w.order.id)).state).toBe('sent');

    now = new Date('2027-01-10T10:00:00Z');
    expect((await post(`${w.path}/way-out/exchange?lang=va`, { gift: w.cheaper.id })).statusCode).toBe(303);
    const [old] = await db().select().from(orders).where(eq(orders.id, w.order.id));
    const [created] = await db().select().from(orders).where(eq(orders.id, old!.exchangedForId!));
    // The old gift's share comes back from the business, at the provider and in the ledger.
    expect((await transferOf(w.order.id)).state).toBe('reversed');
    expect(provider().transfers.find((x) => x.orderId === w.order.id)!.reversalId).not.toBeNull();
    const reversed = (await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, w.order.id))).filter((r) => r.kind === 'transfer_reversed');
    expect(reversed.map((r) => r.amount)).toEqual([old!.netAmount]);
    // The new gift's share is due at once (the purchase's withdrawal period ended long ago) and goes.
    await sendDueTransfers(t.app.ctx);
    expect(await transferOf(created!.id)).toMatchObject({ state: 'sent', amount: created!.netAmount });

    // December's invoice is rectified for the old gift; January's invoices the new one.
    await issueDueInvoices(t.app.ctx);
    const [, r1] = await invoicesOf(t, w.owner.business.id);
    expect(r1).toMatchObject({ type: 'R1', period: '2026-12', correctsInvoiceId: f1!.id, baseCents: -f1!.baseCents, vatCents: -f1!.vatCents });
    expect((await linesOf(t, r1!.id)).map((l) => l.orderId)).toEqual([w.order.id]);
    now = new Date('2027-02-01T08:00:00Z');
    await issueDueInvoices(t.app.ctx);
    const [, , january, ...more] = await invoicesOf(t, w.owner.business.id);
    expect(more).toEqual([]);
    expect(january).toMatchObject({ type: 'F1', period: '2027-01', baseCents: created!.commissionAmount });
    expect((await linesOf(t, january!.id)).map((l) => l.orderId)).toEqual([created!.id]);
    expect(verifyChain(await chainOf(t))).toMatchObject({ ok: true });
    await expectReconciled(w.owner.business.id, 2500, from);
  });

  it('weeks later, the share sent: the refund takes it back from the business and gives the giver everything', async () => {
    // Bought in March, after every other test's hours at the provider.
    now = new Date('2027-03-01T10:00:00Z');
    const from = now;
    const w = await stuckWorld({ session: 'withdrawn' });
    now = new Date('2027-03-20T10:00:00Z');
    await sendDueTransfers(t.app.ctx);
    expect((await transferOf(w.order.id)).state).toBe('sent');
    now = new Date('2027-03-21T10:00:00Z');
    expect((await post(`${w.path}/way-out/refund?lang=es`)).statusCode).toBe(303);
    expect((await transferOf(w.order.id)).state).toBe('reversed');
    expect(provider().refunds.filter((r) => r.idempotencyKey?.startsWith(`regalo-refund-order-${w.order.id}`)).map((r) => r.amount)).toEqual([6000]);
    const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, w.order.id));
    expect(rows.filter((r) => r.kind === 'transfer_reversed').map((r) => r.amount)).toEqual([w.order.netAmount]);
    await expectReconciled(w.owner.business.id, 0, from);
  });

  it('is not offered for a gift its business books by phone (never published a time), which is not stuck', async () => {
    const w = await stuckWorld({ session: 'never' });
    const page = await get(`${w.path}?lang=va`);
    expect(page.body).not.toContain('data-testid="way-out"');
    expect((await get(`${w.path}/way-out/refund?lang=va`)).statusCode).toBe(409);
    expect((await get(`${w.path}/way-out/exchange?lang=va&gift=${w.cheaper.id}`)).statusCode).toBe(409);
    expect((await post(`${w.path}/way-out/refund?lang=va`)).statusCode).toBe(409);
    expect((await post(`${w.path}/way-out/exchange?lang=va`, { gift: w.cheaper.id })).statusCode).toBe(409);
    expect(provider().refunds.filter((r) => r.idempotencyKey?.includes(w.order.id))).toEqual([]);
    const [order] = await db().select().from(orders).where(eq(orders.id, w.order.id));
    expect(order!.status).toBe('paid');
    // Nor counted as a gift that found no time: the admin's counts are about booking online.
    expect(await db().select().from(bookingMisses).where(eq(bookingMisses.orderId, w.order.id))).toEqual([]);
  });

  it('is refused on the server for a gift that is redeemed, and for a code that is no gift', async () => {
    const w = await stuckWorld({ session: 'withdrawn' });
    expect((await as(t, w.owner.cookie)({ method: 'POST', url: '/api/business/redemptions', payload: { code: w.order.qrCode } })).statusCode).toBe(200);
    expect((await get(`${w.path}?lang=en`)).body).not.toContain('data-testid="way-out"');
    expect((await post(`${w.path}/way-out/refund?lang=en`)).statusCode).toBe(409);
    expect((await post(`${w.path}/way-out/exchange?lang=en`, { gift: w.cheaper.id })).statusCode).toBe(409);
    expect(provider().refunds.filter((r) => r.idempotencyKey?.includes(w.order.id))).toEqual([]);
    expect((await post(`/g/${'x'.repeat(43)}/way-out/refund`)).statusCode).toBe(404);
  });
});
