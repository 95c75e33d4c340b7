import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatPrice } from '@shared/format';
import { withdrawalDeadline } from '@shared/domain/withdrawal';
import { mailOutbox } from './db/schema/mail-outbox';
import { checkouts, orders, withdrawals } from './db/schema/orders';
import { ledgerEntries, transfers } from './db/schema/payouts';
import { orderRefundKey } from './money/refunds/refund-paid-order';
import { createWithdrawalToken } from './domain/orders/withdrawal-link';
import { withdrawalPeriodEnd } from './money/transfers/transfer-schedule';
import type { TestPaymentProvider } from './platform/payments/test-provider';
import { authedInject, latestMailTo } from './testing/auth-helpers';
import { line, postCheckout, signedIn } from './testing/checkout-test-world';
import { createBusiness, createGift, createOrder, type OrderRow } from './testing/factories';
import { createTestApp, type TestApp } from './testing/test-app';
import { getBusinessStatement } from './money/statements/get-business-statement';
import { retryPendingRefunds } from './money/refunds/retry-pending-refunds';
import { sendDueTransfers } from './money/transfers/send-due-transfers';
import { redeemOrder } from './features/redemption/redeem-order';

/*
 * The right of withdrawal (ADR 064), across the features it touches (the
 * redemption, the transfers job, the statements) through the real server: the giver's form and
 * its confirmation, signed in or with the receipt's signed link; the refund, the ledger, the
 * transfer that never goes, the acknowledgement; and everything refused on day 15, after a
 * redemption, with a bad link, for anyone else.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

describe('withdrawing from a purchase', () => {
  // The clock the app reads: each test pays "now" and moves it forward from there.
  let now = new Date();
  const clock = () => now;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock });
  });
  afterAll(() => t.close());
  afterEach(() => {
    now = new Date();
    vi.restoreAllMocks();
  });

  const db = () => t.database.db;
  const provider = () => t.app.ctx.payments as TestPaymentProvider;

  /**
   * A giver's purchase of two gifts at one business (one checkout), paid `paidAt`: a 25,00 €
   * gift already delivered to a recipient with an email, and a 40,00 € one for a phone-only recipient.
   */
  async function purchase(paidAt = new Date()) {
    now = paidAt;
    const giver = await signedIn(t, { name: 'Ana Giver', email: `giver-${crypto.randomUUID().slice(0, 8)}@example.test` });
    const owner = await signedIn(t, { userType: 'business' });
    const business = await createBusiness(t.database.db, { ownerId: owner.user.id, commissionRate: 10, name: 'Horchatería Daniel' });
    const horchata = await createGift(db(), { businessId: business.id, price: 2500, name: 'Horchata para dos' });
    const paella = await createGift(db(), { businessId: business.id, price: 4000, name: 'Paella para cuatro' });
    const recipientEmail = `rcpt-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const first = await createOrder(db(), { buyerId: giver.user.id, giftId: horchata.id, status: 'paid', paidAt, now: paidAt, createdAt: new Date(paidAt.getTime() - 60_000), recipientEmail, recipientName: 'Lucía' });
    const second = await createOrder(db(), { buyerId: giver.user.id, giftId: paella.id, status: 'paid', paidAt, now: paidAt, createdAt: new Date(paidAt.getTime() - 30_000), checkoutId: first.checkoutId, recipientPhone: '+34600111222' });
    const checkoutId = first.checkoutId!;
    const asGiver = (opts: Parameters<typeof authedInject>[2]) => authedInject(t, giver.cookie, opts);
    const withdraw = (payload: Record<string, unknown>, cookie: string | null = giver.cookie) =>
      authedInject(t, cookie, { method: 'POST', url: `/api/my/withdrawals/${checkoutId}`, payload: { name: 'Ana Giver', email: giver.user.email, locale: 'es', ...payload } });
    return { giver, owner, business, first, second, checkoutId, recipientEmail, asGiver, withdraw };
  }

  /** Everything a withdrawal may change, to prove a refused one changed nothing. */
  async function state(orderIds: string[]) {
    const [o, l, tr, w, m] = await Promise.all([
      db().select().from(orders).where(inArray(orders.id, orderIds)).orderBy(asc(orders.id)),
      db().select().from(ledgerEntries).where(inArray(ledgerEntries.orderId, orderIds)).orderBy(asc(ledgerEntries.id)),
      db().select().from(transfers).where(inArray(transfers.orderId, orderIds)).orderBy(asc(transfers.id)),
      db().select().from(withdrawals).orderBy(asc(withdrawals.id)),
      db().select({ id: mailOutbox.id }).from(mailOutbox).orderBy(asc(mailOutbox.id)),
    ]);
    return JSON.stringify({ o, l, tr, w, m, refunds: provider().refunds.length });
  }

  const refundsOf = (order: OrderRow) => provider().refunds.filter((r) => r.idempotencyKey === orderRefundKey(order.id));

  it('shows the form with the purchase’s gifts, the end of the period and the prefilled name and email', async () => {
    const { giver, first, second, checkoutId, asGiver } = await purchase();
    const res = await asGiver({ method: 'GET', url: `/api/my/withdrawals/${checkoutId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      checkoutId,
      name: 'Ana Giver',
      email: giver.user.email,
      deadline: withdrawalDeadline(first.paidAt!).toISOString(),
      orders: [
        { id: first.id, giftName: 'Horchata para dos', businessName: 'Horchatería Daniel', totalAmount: 2500, state: 'open', withdrawnAt: null },
        { id: second.id, giftName: 'Paella para cuatro', totalAmount: 4000, state: 'open' },
      ],
    });
  });

  it('on day 10: refunds the chosen gift once, withdraws it, records the refund, never transfers it, and acknowledges it', async () => {
    const paidAt = new Date();
    const { giver, business, first, second, recipientEmail, withdraw, asGiver } = await purchase(paidAt);
    now = new Date(paidAt.getTime() + 10 * DAY_MS);
    const refundCalls = vi.spyOn(t.app.ctx.payments, 'refund');

    const res = await withdraw({ orderIds: [first.id] });
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json();
    expect(receipt).toMatchObject({ refund: 2500, email: giver.user.email, withdrawnAt: now.toISOString(), orders: [{ id: first.id, state: 'withdrawn' }] });
    expect(receipt.reference).toMatch(/^D-[0-9A-F]{8}$/);

    // The refund: one provider call, the full price, the order-derived key.
    expect(refundCalls).toHaveBeenCalledTimes(1);
    const [checkout] = await db().select().from(checkouts).where(eq(checkouts.id, first.checkoutId!));
    expect(refundsOf(first)).toEqual([{ paymentRef: checkout!.paymentRef, amount: 2500, idempotencyKey: orderRefundKey(first.id), refundRef: expect.any(String) }]);

    const [withdrawn] = await db().select().from(orders).where(eq(orders.id, first.id));
    expect(withdrawn).toMatchObject({ status: 'withdrawn', withdrawnAt: now, refundedAt: now, cancelledAt: null });
    const [other] = await db().select().from(orders).where(eq(orders.id, second.id));
    expect(other!.status).toBe('paid');
    const [record] = await db().select().from(withdrawals).where(eq(withdrawals.id, withdrawn!.withdrawalId!));
    expect(record).toMatchObject({ checkoutId: first.checkoutId, buyerId: giver.user.id, name: 'Ana Giver', email: giver.user.email, channel: 'account', refundAmount: 2500 });

    // The ledger: the same rows as the team's refund (commission, its VAT and the share back out).
    const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, first.id));
    const kinds = rows.map((r) => `${r.kind}:${r.amount}`).sort();
    expect(kinds).toEqual(['commission:250', 'commission_vat:53', 'refund_commission:250', 'refund_commission_vat:53', 'refund_share:2197', 'share_owed:2197'].sort());
    expect(rows.find((r) => r.kind === 'refund_share')).toMatchObject({ providerRef: refundsOf(first)[0]!.refundRef, createdAt: now });

    // The transfer never goes: cancelled now, and the job after day 14 sends only the other gift's.
    const [transfer] = await db().select().from(transfers).where(eq(transfers.orderId, first.id));
    expect(transfer!.state).toBe('cancelled');
    now = withdrawalPeriodEnd(paidAt);
    await sendDueTransfers(t.app.ctx);
    expect(provider().transfers.filter((x) => x.orderId === first.id)).toEqual([]);
    expect(provider().transfers.filter((x) => x.orderId === second.id)).toHaveLength(1);

    // The acknowledgement, in the page's language: what, when (Madrid), how much.
    const ack = await latestMailTo(t, giver.user.email, 'withdrawal-acknowledged');
    expect(ack.locale).toBe('es');
    expect(ack.subject).toContain(receipt.reference);
    expect(ack.text).toContain('Horchata para dos (Horchatería Daniel)');
    expect(ack.text).not.toContain('Paella para cuatro');
    expect(ack.text).toContain(`Reembolso: ${formatPrice(2500)}`);
    expect(ack.text).toMatch(/el \d{1,2} [a-z]{3} \d{4}, \d{2}:\d{2} \(hora de Madrid\)/);
    // The recipient, who had the gift, gets a neutral note; nothing about money or reasons.
    const note = await latestMailTo(t, recipientEmail, 'order-withdrawn-recipient');
    expect(note.text).toContain('Horchata para dos');
    expect(note.text).not.toMatch(/reembols|desist/i);

    // "My orders" says it was withdrawn, and still offers the other gift.
    const mine = (await asGiver({ method: 'GET', url: '/api/my/orders' })).json().items;
    now = new Date(paidAt.getTime() + 10 * DAY_MS);
    const mineNow = (await asGiver({ method: 'GET', url: '/api/my/orders' })).json().items;
    expect(mine.find((o: { id: string }) => o.id === first.id)).toMatchObject({ status: 'withdrawn', giftPagePath: null, withdrawal: { state: 'withdrawn', at: receipt.withdrawnAt } });
    expect(mineNow.find((o: { id: string }) => o.id === second.id)).toMatchObject({ status: 'paid', checkoutId: first.checkoutId, withdrawal: { state: 'open', until: withdrawalDeadline(paidAt).toISOString() } });
    void business;
  });

  it('a replayed confirmation changes nothing and answers the first receipt', async () => {
    const { first, second, withdraw } = await purchase();
    const firstReceipt = (await withdraw({ orderIds: [first.id, second.id] })).json();
    expect(firstReceipt.refund).toBe(6500);
    const before = await state([first.id, second.id]);
    const refundCalls = vi.spyOn(t.app.ctx.payments, 'refund');
    const again = await withdraw({ orderIds: [first.id, second.id] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(firstReceipt);
    expect(refundCalls).not.toHaveBeenCalled();
    expect(await state([first.id, second.id])).toBe(before);
  });

  it('on day 15 the form says the period ended and a confirmation is refused, changing nothing', async () => {
    const paidAt = new Date();
    const { first, checkoutId, withdraw, asGiver } = await purchase(paidAt);
    now = new Date(withdrawalDeadline(paidAt).getTime() + 1);
    const view = (await asGiver({ method: 'GET', url: `/api/my/withdrawals/${checkoutId}` })).json();
    expect(view.orders.map((o: { state: string }) => o.state)).toEqual(['ended', 'ended']);
    const before = await state([first.id]);
    const res = await withdraw({ orderIds: [first.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('withdrawal_not_open');
    expect(await state([first.id])).toBe(before);
    // The last moment of day 14 in Madrid still counts.
    now = withdrawalDeadline(paidAt);
    expect((await withdraw({ orderIds: [first.id] })).statusCode).toBe(200);
  });

  it('a redeemed gift cannot be withdrawn; the others of the purchase still can', async () => {
    const { business, first, second, withdraw } = await purchase();
    await redeemOrder(t.app.ctx, { business: { id: business.id, name: business.name }, userId: business.ownerId!, code: { kind: 'code', code: first.qrCode } });
    const before = await state([first.id, second.id]);
    const res = await withdraw({ orderIds: [first.id, second.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('withdrawal_not_open');
    expect(await state([first.id, second.id])).toBe(before);
    expect((await withdraw({ orderIds: [second.id] })).statusCode).toBe(200);
  });

  it('redemption refuses a withdrawn gift, and its page says it was withdrawn and shows no code', async () => {
    const { business, first, withdraw } = await purchase();
    expect((await withdraw({ orderIds: [first.id] })).statusCode).toBe(200);
    await expect(
      redeemOrder(t.app.ctx, { business: { id: business.id, name: business.name }, userId: business.ownerId!, code: { kind: 'code', code: first.qrCode } }),
    ).rejects.toMatchObject({ code: 'order_withdrawn', status: 409 });
    const page = await t.app.inject({ method: 'GET', url: `/g/${first.qrCode}?lang=es` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-status="withdrawn"');
    expect(page.body).toContain('ha desistido de la compra');
    expect(page.body).not.toContain('data-testid="gift-qr"');
    expect(page.body).not.toContain('data-testid="typed-code"');
  });

  it('the business sees the order as withdrawn, and its statement has the withdrawal line', async () => {
    const { owner, business, first, withdraw } = await purchase();
    expect((await withdraw({ orderIds: [first.id] })).statusCode).toBe(200);
    const list = (await authedInject(t, owner.cookie, { method: 'GET', url: '/api/business/orders' })).json();
    expect(list.items.find((o: { id: string }) => o.id === first.id)).toMatchObject({ status: 'withdrawn' });
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit' }).format(now);
    const statement = await getBusinessStatement(db(), { id: business.id, name: business.name, createdAt: business.createdAt }, month, now);
    const withdrawal = statement.lines.find((l) => l.orderId === first.id && l.kind === 'order_withdrawn');
    expect(withdrawal).toMatchObject({ gross: -2500, commission: -250, commissionVat: -53, share: -2197, balanceChange: -2197 });
    expect(statement.totals.refunded).toBe(2197);
  });

  it('refuses a gift of another purchase (400) and bad input (400), changing nothing', async () => {
    const mine = await purchase();
    const theirs = await purchase();
    const before = await state([mine.first.id, theirs.first.id]);
    const other = await mine.withdraw({ orderIds: [theirs.first.id] });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'validation_failed', fields: { orderIds: 'unknown' } });
    const bad = await mine.withdraw({ orderIds: [], name: ' ', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ orderIds: 'required', name: 'required', email: 'invalid_email' });
    expect(await state([mine.first.id, theirs.first.id])).toBe(before);
  });

  it('anonymous callers get 401, another giver 404, for the form and the confirmation', async () => {
    const { first, checkoutId, withdraw } = await purchase();
    const stranger = await signedIn(t);
    const before = await state([first.id]);
    expect((await authedInject(t, null, { method: 'GET', url: `/api/my/withdrawals/${checkoutId}` })).statusCode).toBe(401);
    expect((await withdraw({ orderIds: [first.id] }, null)).statusCode).toBe(401);
    const seen = await authedInject(t, stranger.cookie, { method: 'GET', url: `/api/my/withdrawals/${checkoutId}` });
    expect(seen.statusCode).toBe(404);
    expect(seen.json().code).toBe('purchase_not_found');
    expect((await withdraw({ orderIds: [first.id] }, stranger.cookie)).statusCode).toBe(404);
    expect((await authedInject(t, stranger.cookie, { method: 'GET', url: '/api/my/withdrawals/not-a-uuid' })).statusCode).toBe(404);
    expect(await state([first.id])).toBe(before);
  });

  it('a provider failure answers 502 and changes nothing; the retry goes through', async () => {
    const { first, withdraw } = await purchase();
    const before = await state([first.id]);
    vi.spyOn(t.app.ctx.payments, 'refund').mockRejectedValueOnce(new Error('card_declined'));
    const res = await withdraw({ orderIds: [first.id] });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('refund_failed');
    expect(await state([first.id])).toBe(before);
    expect((await withdraw({ orderIds: [first.id] })).statusCode).toBe(200);
  });

  it('a refund failing after another gift of the withdrawal was refunded: that one stands, this one is refund pending until the refunds job makes it', async () => {
    const { first, second, withdraw, asGiver } = await purchase();
    const refund = t.app.ctx.payments.refund.bind(t.app.ctx.payments);
    vi.spyOn(t.app.ctx.payments, 'refund')
      .mockImplementationOnce(refund)
      .mockRejectedValueOnce(new Error('timeout'));
    const res = await withdraw({ orderIds: [first.id, second.id] });
    expect(res.statusCode, res.body).toBe(200);
    // The giver reads both as withdrawn; the second's money is on its way.
    expect(res.json().orders.map((o: { state: string }) => o.state)).toEqual(['withdrawn', 'withdrawn']);
    const statuses = async () => (await db().select().from(orders).where(inArray(orders.id, [first.id, second.id])).orderBy(asc(orders.createdAt))).map((o) => [o.status, o.refundedAt !== null]);
    expect(await statuses()).toEqual([['withdrawn', true], ['refund_pending', false]]);
    expect(refundsOf(first)).toHaveLength(1);
    expect(refundsOf(second)).toHaveLength(0);
    // A repeated confirmation answers the same withdrawal and refunds nothing more.
    expect((await withdraw({ orderIds: [first.id, second.id] })).json().reference).toBe(res.json().reference);
    expect((await asGiver({ method: 'GET', url: '/api/my/orders' })).statusCode).toBe(200);
    // Reopened, the form gives the withdrawal's reference, date and refund state first.
    const reopen = async () => (await asGiver({ method: 'GET', url: `/api/my/withdrawals/${first.checkoutId}` })).json().withdrawals;
    const withdrawnAt = res.json().withdrawnAt;
    expect(await reopen()).toEqual([{ reference: res.json().reference, withdrawnAt, refundAmount: 6500, refund: 'pending' }]);

    now = new Date(now.getTime() + 10 * 60_000);
    expect(await retryPendingRefunds(t.app.ctx)).toEqual({ refunded: 1, failed: 0, abandoned: 0 });
    expect(await statuses()).toEqual([['withdrawn', true], ['withdrawn', true]]);
    expect(await reopen()).toEqual([{ reference: res.json().reference, withdrawnAt, refundAmount: 6500, refund: 'refunded' }]);
    expect(refundsOf(second)).toHaveLength(1);
    const rows = await db().select().from(ledgerEntries).where(inArray(ledgerEntries.orderId, [first.id, second.id]));
    expect(rows.filter((r) => r.kind.startsWith('refund_')).reduce((n, r) => n + r.amount, 0)).toBe(first.totalAmount + second.totalAmount);
  });

  describe('with the receipt’s signed link, not signed in', () => {
    const linkOf = (checkoutId: string, expiresAt: Date) => createWithdrawalToken(t.config.authSecret, checkoutId, expiresAt);
    const get = (token: string) => t.app.inject({ method: 'GET', url: `/api/withdrawal-links/${token}` });
    const post = (token: string, payload: Record<string, unknown>) =>
      authedInject(t, null, { method: 'POST', url: `/api/withdrawal-links/${token}`, payload: { name: 'Ana Giver', email: 'ana.other@example.test', locale: 'en', ...payload } });

    it('the receipt email of a real purchase carries a link that opens that purchase only', async () => {
      const buyer = await signedIn(t, { email: `buyer-${crypto.randomUUID().slice(0, 8)}@example.test` });
      const owner = await signedIn(t, { userType: 'business' });
      const business = await createBusiness(db(), { ownerId: owner.user.id });
      const gift = await createGift(db(), { businessId: business.id, price: 3000 });
      const created = (await postCheckout(t, buyer.cookie, [line(gift.id)])).json();
      expect((await authedInject(t, buyer.cookie, { method: 'POST', url: `/api/payments/test/${created.id}/succeed` })).statusCode).toBe(200);
      const receipt = await latestMailTo(t, buyer.user.email, 'order-receipt');
      expect(receipt.html).toContain('Withdraw from contract here');
      const link = /href="(http:\/\/localhost:3000\/withdraw\/link\/([^"]+))"/.exec(receipt.html)!;
      expect(link).not.toBeNull();
      const view = await get(link[2]!);
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json()).toMatchObject({ checkoutId: created.id, orders: [{ state: 'open', totalAmount: 3000 }] });
    });

    it('valid: shows the form and withdraws, acknowledging to the address typed', async () => {
      const { first, checkoutId } = await purchase();
      const token = linkOf(checkoutId, withdrawalDeadline(first.paidAt!));
      expect((await get(token)).json()).toMatchObject({ orders: [{}, {}], withdrawals: [] });
      const res = await post(token, { orderIds: [first.id] });
      expect(res.statusCode, res.body).toBe(200);
      // The link reopened: the withdrawal made, refunded, before the gift still open.
      expect((await get(token)).json()).toMatchObject({
        withdrawals: [{ reference: res.json().reference, withdrawnAt: res.json().withdrawnAt, refundAmount: first.totalAmount, refund: 'refunded' }],
        orders: [{ id: first.id, state: 'withdrawn' }, { state: 'open' }],
      });
      const [row] = await db().select().from(orders).where(eq(orders.id, first.id));
      expect(row!.status).toBe('withdrawn');
      const [record] = await db().select().from(withdrawals).where(eq(withdrawals.id, row!.withdrawalId!));
      expect(record).toMatchObject({ channel: 'link', email: 'ana.other@example.test' });
      const ack = await latestMailTo(t, 'ana.other@example.test', 'withdrawal-acknowledged');
      expect(ack.locale).toBe('en');
      // An address nobody has proven: no text the person typed.
      expect(ack.text).not.toContain('Ana Giver');
      expect(ack.text).toContain('(Madrid time)');
    });

    it('expired with the right: 410 for both, nothing changes', async () => {
      const paidAt = new Date();
      const { first, checkoutId } = await purchase(paidAt);
      const token = linkOf(checkoutId, withdrawalDeadline(paidAt));
      now = new Date(withdrawalDeadline(paidAt).getTime() + 1);
      const before = await state([first.id]);
      expect((await get(token)).statusCode).toBe(410);
      const res = await post(token, { orderIds: [first.id] });
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('withdrawal_link_expired');
      expect(await state([first.id])).toBe(before);
    });

    it('tampered (another purchase, a later expiry, a changed signature): 404, nothing changes', async () => {
      const mine = await purchase();
      const theirs = await purchase();
      const token = linkOf(mine.checkoutId, withdrawalDeadline(mine.first.paidAt!));
      const [, ms, signature] = token.split('~');
      const forged = [
        `${theirs.checkoutId}~${ms}~${signature}`,
        `${mine.checkoutId}~${Number(ms) + DAY_MS}~${signature}`,
        `${mine.checkoutId}~${ms}~${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`,
        linkOf(mine.checkoutId, withdrawalDeadline(mine.first.paidAt!)).slice(0, -2),
        createWithdrawalToken('another-secret-another-secret-another-01', mine.checkoutId, withdrawalDeadline(mine.first.paidAt!)),
      ];
      const before = await state([mine.first.id, theirs.first.id]);
      for (const bad of forged) {
        expect((await get(bad)).statusCode, bad).toBe(404);
        const res = await post(bad, { orderIds: [theirs.first.id] });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('withdrawal_link_invalid');
      }
      expect(await state([mine.first.id, theirs.first.id])).toBe(before);
    });

    it('cannot reach another account’s order: a gift not of the linked purchase is refused', async () => {
      const mine = await purchase();
      const theirs = await purchase();
      const token = linkOf(mine.checkoutId, withdrawalDeadline(mine.first.paidAt!));
      const before = await state([theirs.first.id]);
      const res = await post(token, { orderIds: [theirs.first.id] });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ orderIds: 'unknown' });
      expect(await state([theirs.first.id])).toBe(before);
    });
  });
});
