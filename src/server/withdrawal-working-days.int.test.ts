import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@shared/format';
import { orders } from './db/schema/orders';
import { transfers } from './db/schema/payouts';
import { createWithdrawalToken } from './domain/orders/withdrawal-link';
import { authedInject, latestMailTo } from './testing/auth-helpers';
import { line, postCheckout, signedIn } from './testing/checkout-test-world';
import { createBusiness, createGift } from './testing/factories';
import { createTestApp, type TestApp } from './testing/test-app';
import { createClock, testProvider } from './money/payouts-test-world';
import { sendDueTransfers } from './money/transfers/send-due-transfers';

/*
 * The withdrawal period ends on a working day (Regulation 1182/71 art. 3(4), ADR 083), through
 * the real server: a purchase paid on Sunday 6 Dec 2026 has its 14th day on Sunday 20 Dec, so
 * the giver may withdraw all of Monday 21 Dec (Madrid), with the account or the receipt's
 * signed link, and the business's share leaves only once that Monday is over.
 */

const at = (iso: string) => new Date(iso);
/** Monday 21 Dec 2026, 23:59:59.999 in Madrid (UTC+1): the last instant of the right. */
const DEADLINE = at('2026-12-21T22:59:59.999Z');

describe('a withdrawal period whose 14th day is a Sunday', () => {
  const clock = createClock(at('2026-12-06T11:00:00Z')); // Sunday 6 Dec 2026, 12:00 in Madrid
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const job = () => sendDueTransfers(t.app.ctx);
  const getLink = (token: string) => t.app.inject({ method: 'GET', url: `/api/withdrawal-links/${token}` });
  const postLink = (token: string, orderIds: string[]) =>
    authedInject(t, null, { method: 'POST', url: `/api/withdrawal-links/${token}`, payload: { name: 'Ana Giver', email: 'ana.link@example.test', locale: 'en', orderIds } });

  /** Three gifts bought and paid on Sunday 6 Dec 2026 at noon in Madrid, through checkout and the test provider. */
  async function sundayPurchase() {
    clock.set(at('2026-12-06T11:00:00Z'));
    const buyer = await signedIn(t, { name: 'Ana Giver', email: `ana-${crypto.randomUUID().slice(0, 8)}@example.test` });
    const owner = await signedIn(t, { userType: 'business' });
    const business = await createBusiness(db(), { ownerId: owner.user.id, commissionRate: 10 });
    const gift = await createGift(db(), { businessId: business.id, price: 2500, name: 'Horchata para dos' });
    const created = await postCheckout(t, buyer.cookie, [line(gift.id), line(gift.id), line(gift.id)]);
    expect(created.statusCode, created.body).toBe(201);
    const checkoutId = created.json().id as string;
    const paid = await authedInject(t, buyer.cookie, { method: 'POST', url: `/api/payments/test/${checkoutId}/succeed` });
    expect(paid.statusCode, paid.body).toBe(200);
    const bought = await db().select().from(orders).where(eq(orders.checkoutId, checkoutId)).orderBy(orders.id);
    expect(bought.map((o) => o.status)).toEqual(['paid', 'paid', 'paid']);
    const receipt = await latestMailTo(t, buyer.user.email, 'order-receipt');
    const token = /\/withdraw\/link\/([^"\s]+)/.exec(receipt.html)![1]!;
    const withdrawAsBuyer = (orderIds: string[]) =>
      authedInject(t, buyer.cookie, { method: 'POST', url: `/api/my/withdrawals/${checkoutId}`, payload: { name: 'Ana Giver', email: buyer.user.email, locale: 'en', orderIds } });
    return { buyer, checkoutId, orders: bought, receipt, token, withdrawAsBuyer };
  }

  it('lets the giver withdraw all of Monday 21 Dec, by account and by the receipt’s link, and pays the business only after', async () => {
    const { buyer, checkoutId, orders: [byLink, byAccount, kept], receipt, token, withdrawAsBuyer } = await sundayPurchase();

    // What the giver is told: the receipt states Monday's end, and so do My orders and the form.
    expect(receipt.text).toContain(formatDateTime(DEADLINE, receipt.locale));
    expect(token.split('~')[1]).toBe(String(DEADLINE.getTime()));
    const mine = (await authedInject(t, buyer.cookie, { method: 'GET', url: '/api/my/orders' })).json().items;
    expect(mine.find((o: { id: string }) => o.id === kept!.id).withdrawal).toMatchObject({ state: 'open', until: DEADLINE.toISOString() });
    const form = await authedInject(t, buyer.cookie, { method: 'GET', url: `/api/my/withdrawals/${checkoutId}` });
    expect(form.json().deadline).toBe(DEADLINE.toISOString());

    // Each share is scheduled for the first instant after Monday.
    const scheduled = await db().select().from(transfers).where(eq(transfers.checkoutId, checkoutId));
    expect(scheduled.map((x) => x.nextAttemptAt!.toISOString())).toEqual(Array(3).fill('2026-12-21T23:00:00.000Z'));

    // Monday 00:00 in Madrid, the first instant after the 14th day: nothing leaves.
    clock.set(at('2026-12-20T23:00:00.000Z'));
    expect(await job()).toEqual({ sent: 0, failed: 0, cancelled: 0 });

    // Monday 10:00 in Madrid: the link answers, and both ways of withdrawing work.
    clock.set(at('2026-12-21T09:00:00Z'));
    const view = await getLink(token);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ deadline: DEADLINE.toISOString() });
    expect(view.json().orders.map((o: { state: string }) => o.state)).toEqual(['open', 'open', 'open']);
    const linked = await postLink(token, [byLink!.id]);
    expect(linked.statusCode, linked.body).toBe(200);
    const signedInWithdrawal = await withdrawAsBuyer([byAccount!.id]);
    expect(signedInWithdrawal.statusCode, signedInWithdrawal.body).toBe(200);
    expect(await job()).toEqual({ sent: 0, failed: 0, cancelled: 0 });

    // The last instant of Monday still belongs to the giver.
    clock.set(DEADLINE);
    expect((await getLink(token)).statusCode).toBe(200);
    expect(await job()).toEqual({ sent: 0, failed: 0, cancelled: 0 });

    // Tuesday 00:00 in Madrid: the right is over, the link is gone, the kept gift's share leaves, the withdrawn ones never do.
    clock.set(at('2026-12-21T23:00:00.000Z'));
    expect((await getLink(token)).statusCode).toBe(410);
    const late = await withdrawAsBuyer([kept!.id]);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('withdrawal_not_open');
    expect(await job()).toEqual({ sent: 1, failed: 0, cancelled: 0 });
    const sent = testProvider(t).transfers.filter((x) => [byLink!.id, byAccount!.id, kept!.id].includes(x.orderId));
    expect(sent.map((x) => x.orderId)).toEqual([kept!.id]);
    const statuses = await db().select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.checkoutId, checkoutId));
    expect(Object.fromEntries(statuses.map((o) => [o.id, o.status]))).toEqual({ [byLink!.id]: 'withdrawn', [byAccount!.id]: 'withdrawn', [kept!.id]: 'paid' });
  });

  it('reads a link mailed before the calendar (signed with Sunday’s end) as lasting to Monday’s end', async () => {
    const { checkoutId } = await sundayPurchase();
    const oldLink = createWithdrawalToken(t.config.authSecret, checkoutId, at('2026-12-20T22:59:59.999Z'));
    clock.set(at('2026-12-21T09:00:00Z'));
    expect((await getLink(oldLink)).statusCode).toBe(200);
    clock.set(at('2026-12-21T23:00:00.000Z'));
    expect((await getLink(oldLink)).statusCode).toBe(410);
  });
});
