import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, paymentEvents } from '../../db/schema/orders';
import { ledgerEntries, payoutAccounts, transfers } from '../../db/schema/payouts';
import { getBusinessBalances } from '../ledger/ledger-balances';
import { as, signedIn } from '../../testing/checkout-test-world';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { setStandInAccount, STRIPE_TEST_WEBHOOK_SECRET, stripeEvent, StripeStandIn, postStripeWebhook } from '../../testing/stripe-stand-in';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DAY_MS, ledgerOf, transferOf } from '../payouts-test-world';
import { reconcileLedger } from '../reconciliation/reconcile-ledger';
import { orderTransferKey, sendDueTransfers } from './send-due-transfers';

let eventCount = 0;
const eventId = () => `evt_connect_${++eventCount}`;

/** The Stripe Connect driver against the local stand-in, webhooks signed as Stripe signs them. */
describe('Stripe Connect payouts', () => {
  const stripe = new StripeStandIn();
  let t: TestApp;
  beforeAll(async () => {
    const apiUrl = await stripe.start();
    t = await createTestApp({
      env: { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_regalo', STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET, STRIPE_API_URL: apiUrl },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });
  const db = () => t.database.db;

  const webhook = (payload: string) => postStripeWebhook(t, payload);

  /** An owner who connected through Stripe's hosted onboarding and finished it. */
  async function connectedBusiness() {
    const owner = await signedIn(t, { userType: 'business' });
    const business = await createBusiness(t.database.db, { ownerId: owner.user.id, commissionRate: 10, email: 'caja@horno.test', payoutAccount: null });
    const link = await as(t, owner.cookie)({ method: 'POST', url: '/api/business/payout-account/onboarding' });
    expect(link.statusCode, link.body).toBe(200);
    const [account] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.businessId, business.id));
    const ready = setStandInAccount(stripe, account!.providerAccountId, true);
    const update = stripeEvent('account.updated', ready, eventId());
    expect((await webhook(update)).json()).toMatchObject({ result: 'applied' });
    return { owner, business, accountId: account!.providerAccountId, link: link.json().url as string, update };
  }

  /** A Stripe-paid order (PaymentIntent pi_…) whose withdrawal period ended a day ago. */
  async function paidOrder(businessId: string, options: { charged?: boolean; paymentRef?: boolean } = {}) {
    const gift = await createGift(db(), { businessId, price: 2500 });
    const buyer = await createUser(db());
    // Long enough ago that the withdrawal period has ended whatever today is: 14 days, and up
    // to four days more when the 14th starts a run of non-working days (ADR 083).
    const paidAt = new Date(Date.now() - 19 * DAY_MS);
    const pi = `pi_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;
    const [checkout] = await db()
      .insert(checkouts)
      .values({ buyerId: buyer.id, status: 'succeeded', provider: 'stripe', providerRef: `cs_${pi}`, paymentRef: options.paymentRef === false ? null : pi, amountTotal: 2500, idempotencyKey: pi, completedAt: paidAt, createdAt: paidAt })
      .returning();
    if (options.charged !== false) stripe.charge(pi, 2500, paidAt);
    const order = await createOrder(db(), { buyerId: buyer.id, giftId: gift.id, status: 'paid', checkoutId: checkout!.id, createdAt: paidAt, paidAt, now: paidAt });
    return { order, pi, paidAt };
  }

  it('onboards through an Express account and Account Links back to the Payouts tab; account.updated keeps its state, once', async () => {
    const { business, accountId, link, update } = await connectedBusiness();
    const created = stripe.requests.find((r) => r.path === '/v1/accounts' && r.method === 'POST' && r.form.get('metadata[businessId]') === business.id)!;
    expect(created.idempotencyKey).toBe(`regalo-account-${business.id}`);
    expect(Object.fromEntries(created.form)).toMatchObject({ type: 'express', country: 'ES', email: 'caja@horno.test', 'capabilities[transfers][requested]': 'true' });
    const linkRequest = stripe.requests.find((r) => r.path === '/v1/account_links' && r.form.get('account') === accountId)!;
    const back = `${t.app.ctx.config.publicUrl}/business/dashboard?tab=payouts`;
    const refresh = `${t.app.ctx.config.publicUrl}/api/business/payout-account/onboarding/refresh`;
    expect(Object.fromEntries(linkRequest.form)).toEqual({ account: accountId, type: 'account_onboarding', return_url: back, refresh_url: refresh });
    expect(link).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);

    const [stored] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.businessId, business.id));
    expect(stored).toMatchObject({ provider: 'stripe', detailsSubmitted: true, payoutsEnabled: true, transfersActive: true, requirementsDue: [], disabledReason: null });
    // A replay is recorded once and changes nothing, even after a newer state arrived.
    const restricted = setStandInAccount(stripe, accountId, false);
    expect((await webhook(stripeEvent('account.updated', restricted, eventId()))).json().result).toBe('applied');
    expect((await webhook(update)).json().result).toBe('duplicate');
    const [after] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.businessId, business.id));
    expect(after).toMatchObject({ transfersActive: false, requirementsDue: ['external_account'], disabledReason: 'requirements.past_due' });
  });

  it('account.updated keeps what Stripe needs now, what it will need later and the deadline, and the owner reads them', async () => {
    const { owner, accountId } = await connectedBusiness();
    const account = stripe.accounts.get(accountId)!;
    const deadline = Math.floor(new Date('2026-12-20T22:59:00Z').getTime() / 1000);
    // Still able to receive transfers: Stripe asks with a deadline before it restricts.
    account.requirements = { currently_due: ['individual.id_number'], past_due: [], eventually_due: ['individual.id_number', 'individual.verification.document'], current_deadline: deadline, disabled_reason: null };
    expect((await webhook(stripeEvent('account.updated', account, eventId()))).json().result).toBe('applied');
    const seen = await as(t, owner.cookie)({ method: 'GET', url: '/api/business/payout-account' });
    expect(seen.json()).toMatchObject({
      status: 'active',
      requirementsDue: ['individual.id_number'],
      requirementsEventuallyDue: ['individual.verification.document'],
      requirementsDeadline: '2026-12-20T22:59:00.000Z',
    });
    // Given: the deadline goes with them.
    account.requirements = { currently_due: [], past_due: [], eventually_due: [], current_deadline: null, disabled_reason: null };
    expect((await webhook(stripeEvent('account.updated', account, eventId()))).json().result).toBe('applied');
    expect((await as(t, owner.cookie)({ method: 'GET', url: '/api/business/payout-account' })).json()).toMatchObject({ requirementsDue: [], requirementsEventuallyDue: [], requirementsDeadline: null });
  });

  it('the Account Link refresh_url makes a new link for the signed-in owner’s own account and sends the owner on to it', async () => {
    const refreshUrl = '/api/business/payout-account/onboarding/refresh';
    const linksFor = (accountId: string) => stripe.requests.filter((r) => r.path === '/v1/account_links' && r.form.get('account') === accountId);
    const { owner, accountId } = await connectedBusiness();
    const before = linksFor(accountId).length;

    const res = await as(t, owner.cookie)({ method: 'GET', url: refreshUrl });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toMatch(new RegExp(`^https://connect\\.stripe\\.test/setup/e/${accountId}/`));
    expect(res.headers['cache-control']).toBe('no-store');
    const made = linksFor(accountId);
    expect(made).toHaveLength(before + 1);
    expect(res.headers.location).not.toBe((await as(t, owner.cookie)({ method: 'GET', url: refreshUrl })).headers.location);
    expect(made.at(-1)!.form.get('refresh_url')).toBe(`${t.app.ctx.config.publicUrl}${refreshUrl}`);

    // Signed out (the session ended while on Stripe's page): to sign in, then the tab; no link made.
    const linksBefore = stripe.requests.filter((r) => r.path === '/v1/account_links').length;
    const anonymous = await t.app.inject({ method: 'GET', url: refreshUrl });
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe(`/auth?next=${encodeURIComponent('/business/dashboard?tab=payouts')}`);
    // Another owner gets a link to their own account, never this one's; a giver gets no link at all.
    const other = await connectedBusiness();
    const theirs = await as(t, other.owner.cookie)({ method: 'GET', url: refreshUrl });
    expect(theirs.statusCode).toBe(303);
    expect(theirs.headers.location).toContain(`/setup/e/${other.accountId}/`);
    expect(theirs.headers.location).not.toContain(accountId);
    const giver = await signedIn(t);
    expect((await as(t, giver.cookie)({ method: 'GET', url: refreshUrl })).statusCode).toBe(403);
    expect(stripe.requests.filter((r) => r.path === '/v1/account_links' && r.form.get('account') !== other.accountId)).toHaveLength(linksBefore);

    // Stripe not answering: the tab, whose button tries again and says why.
    stripe.failNextTo = '/v1/account_links';
    const down = await as(t, owner.cookie)({ method: 'GET', url: refreshUrl });
    expect(down.statusCode).toBe(303);
    expect(down.headers.location).toBe('/business/dashboard?tab=payouts&onboarding=refresh');
  });

  it('transfers with transfer_group, source_transaction and the order key; refused → retried after account.updated; reversed on cancellation; webhooks replayed change nothing; reconciled', async () => {
    const { business, accountId } = await connectedBusiness();
    const { order, pi, paidAt } = await paidOrder(business.id);

    // Refused by Stripe (the account lost its transfers capability without us hearing yet).
    stripe.refusingAccounts.add(accountId);
    expect(await sendDueTransfers(t.app.ctx)).toMatchObject({ sent: 0, failed: 1 });
    expect((await transferOf(t, order.id)).lastError).toContain('capabilities');
    // account.updated says it is fixed: due at once.
    stripe.refusingAccounts.delete(accountId);
    expect((await webhook(stripeEvent('account.updated', setStandInAccount(stripe, accountId, true), eventId()))).json().result).toBe('applied');
    expect(await sendDueTransfers(t.app.ctx)).toMatchObject({ sent: 1, failed: 0 });

    const transfer = await transferOf(t, order.id);
    const sent = stripe.transfers.get(transfer.providerTransferId!)!;
    expect(sent).toMatchObject({ amount: 2197, currency: 'eur', destination: accountId, transfer_group: order.checkoutId, source_transaction: `ch_${pi.slice(3)}`, metadata: { orderId: order.id } });
    const creates = stripe.requests.filter((r) => r.path === '/v1/transfers');
    // Stripe keeps its refusal for the first key: the retry after the fix sends the next attempt's own key.
    expect(creates.map((r) => r.idempotencyKey)).toEqual([orderTransferKey(order.id), `${orderTransferKey(order.id)}-attempt-2`]);

    // transfer.created confirms what the job wrote: applied once, a replay is a duplicate, the ledger unchanged.
    const created = stripeEvent('transfer.created', sent, eventId());
    const ledgerBefore = await ledgerOf(t, order.id);
    expect((await webhook(created)).json().result).toBe('no_change');
    expect((await webhook(created)).json().result).toBe('duplicate');
    expect(await ledgerOf(t, order.id)).toEqual(ledgerBefore);

    // The connected account's payout to its bank (Connect event, naming the account).
    const payout = stripeEvent('payout.paid', { id: 'po_1Standin', object: 'payout', amount: 2197, currency: 'eur', status: 'paid' }, eventId(), accountId);
    expect((await webhook(payout)).json().result).toBe('applied');
    expect((await webhook(payout)).json().result).toBe('duplicate');
    expect(await getBusinessBalances(db(), business.id)).toMatchObject({ owed: 0, inTransit: 0, paidOut: 2197 });

    // The team cancels after the transfer: reversed at Stripe with the order's key, then refunded.
    const admin = await signedIn(t, { role: 'admin' });
    const cancel = await as(t, admin.cookie)({ method: 'POST', url: `/api/admin/orders/${order.id}/cancel`, payload: { reason: 'Closed' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const reversal = stripe.requests.find((r) => r.path === `/v1/transfers/${sent.id}/reversals`)!;
    expect(reversal.idempotencyKey).toBe(`regalo-transfer-reversal-${order.id}`);
    expect(reversal.form.get('amount')).toBe('2197');
    expect(await transferOf(t, order.id)).toMatchObject({ state: 'reversed', providerReversalId: sent.reversals.data[0]!.id });
    const reversed = stripeEvent('transfer.reversed', sent, eventId());
    expect((await webhook(reversed)).json().result).toBe('no_change');
    expect((await webhook(reversed)).json().result).toBe('duplicate');
    expect((await ledgerOf(t, order.id)).filter((k) => k.startsWith('transfer_reversed'))).toEqual(['transfer_reversed:2197']);
    expect((await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, JSON.parse(reversed).id)))).toHaveLength(1);

    // The ledger and Stripe's balance transactions agree over the whole story…
    const window = { from: new Date(paidAt.getTime() - 60_000), to: new Date(Date.now() + 60_000) };
    const clean = await reconcileLedger(t.app.ctx, window);
    const mine = (refs: string[]) => clean.differences.filter((d) => refs.includes(d.providerRef));
    const refs = (await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id))).map((r) => r.providerRef!).filter(Boolean);
    expect(mine([pi, ...refs])).toEqual([]);
    // …and a movement Stripe has that the ledger lacks is reported and stored.
    stripe.balance.push({ id: 'txn_stray', object: 'balance_transaction', amount: -500, currency: 'eur', type: 'transfer', created: Math.floor(Date.now() / 1000), source: 'tr_stray' });
    const found = await reconcileLedger(t.app.ctx, window);
    expect(found.differences).toContainEqual({ kind: 'missing_in_ledger', providerRef: 'tr_stray', ledgerAmount: null, providerAmount: -500, businessId: null });
  });

  it('a transfer whose payment has no charge yet is not drawn on the platform balance: the attempt fails and the retry, same key, sends it with the charge', async () => {
    const { business } = await connectedBusiness();
    const { order, pi, paidAt } = await paidOrder(business.id, { charged: false });
    const transfersTo = () => stripe.requests.filter((r) => r.path === '/v1/transfers' && r.form.get('metadata[orderId]') === order.id);

    expect(await sendDueTransfers(t.app.ctx)).toMatchObject({ sent: 0, failed: 1 });
    expect(transfersTo()).toEqual([]);
    const failed = await transferOf(t, order.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, keyAttempt: 1 });
    expect(failed.lastError).toContain('no_charge_yet');
    expect((await ledgerOf(t, order.id)).filter((k) => k.startsWith('transfer_'))).toEqual(['transfer_failed:2197']);

    // The charge arrives; the back-off has passed.
    stripe.charge(pi, 2500, paidAt);
    await db().update(transfers).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(transfers.orderId, order.id));
    expect(await sendDueTransfers(t.app.ctx)).toMatchObject({ sent: 1, failed: 0 });
    expect(transfersTo().map((r) => [r.idempotencyKey, r.form.get('source_transaction')])).toEqual([[orderTransferKey(order.id), `ch_${pi.slice(3)}`]]);
  });

  it('a transfer whose checkout recorded no payment is not sent without a source either', async () => {
    const { business } = await connectedBusiness();
    const { order } = await paidOrder(business.id, { paymentRef: false });
    expect(await sendDueTransfers(t.app.ctx)).toMatchObject({ sent: 0, failed: 1 });
    expect(stripe.requests.filter((r) => r.path === '/v1/transfers' && r.form.get('metadata[orderId]') === order.id)).toEqual([]);
    expect((await transferOf(t, order.id)).lastError).toContain('no_charge_yet');
  });

  it('a transfer Stripe made but the job never committed (a crash) is recorded from transfer.created, and never sent twice', async () => {
    const { business, accountId } = await connectedBusiness();
    const { order, pi } = await paidOrder(business.id);
    // The job's provider call succeeded, then the process died before its commit.
    const { transferId } = await t.app.ctx.payments.createTransfer({
      amount: 2197, currency: 'EUR', destination: accountId, transferGroup: order.checkoutId!, sourcePayment: pi, idempotencyKey: orderTransferKey(order.id), orderId: order.id,
    });
    expect(await transferOf(t, order.id)).toMatchObject({ state: 'due' });
    const created = stripeEvent('transfer.created', stripe.transfers.get(transferId), eventId());
    expect((await webhook(created)).json().result).toBe('applied');
    expect(await transferOf(t, order.id)).toMatchObject({ state: 'sent', providerTransferId: transferId });
    expect((await ledgerOf(t, order.id)).filter((k) => k.startsWith('transfer_'))).toEqual(['transfer_sent:2197']);
    expect(await sendDueTransfers(t.app.ctx)).toMatchObject({ sent: 0 });
    expect([...stripe.transfers.values()].filter((x) => x.metadata.orderId === order.id)).toHaveLength(1);
  });
});
