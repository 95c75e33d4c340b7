import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerBalanceTerms } from '@shared/domain/payouts';
import { checkouts, orders } from './db/schema/orders';
import { ledgerEntries, payoutAccounts, transfers } from './db/schema/payouts';
import { getBusinessBalances } from './money/ledger/ledger-balances';
import { as, line, postCheckout, shop, signedIn } from './testing/checkout-test-world';
import { checkoutSessionEvent, setStandInAccount, STRIPE_TEST_WEBHOOK_SECRET, StripeStandIn, postStripeWebhook } from './testing/stripe-stand-in';
import { sendDueTransfers } from './money/transfers/send-due-transfers';
import { createTestApp, type TestApp } from './testing/test-app';
import { reconcileLedger, reconciledProviderTypes } from './money/reconciliation/reconcile-ledger';
import { createTestPaymentProvider } from './platform/payments/test-provider';
import { expireCheckouts } from './features/checkout/expire-checkouts';
import { issueDueInvoices } from './money/invoices/issue-due-invoices';
import { businesses } from './db/schema/businesses';
import { invoices } from './db/schema/invoices';
import { madridMonthBounds, madridMonthOf } from '@shared/domain/statement-month';

/**
 * Stripe's balance-transaction types, read from the `stripe` package the driver uses
 * (`BalanceTransaction.Type` in its TypeScript types): the names the stand-ins and the
 * reconciliation must use. The union ends in `OtherString`, so the compiler cannot check them.
 */
function stripeBalanceTransactionTypes(): Set<string> {
  // The package's entry point lies inside it (its exports hide package.json).
  const entry = createRequire(import.meta.url).resolve('stripe');
  const root = entry.slice(0, entry.lastIndexOf(`${sep}stripe${sep}`) + `${sep}stripe`.length);
  const types = readFileSync(join(root, 'esm', 'resources', 'BalanceTransactions.d.ts'), 'utf8');
  const union = /namespace BalanceTransaction \{[\s\S]*?\btype Type = ([^;]+);/.exec(types)?.[1];
  if (!union) throw new Error('BalanceTransaction.Type not found in the stripe package');
  return new Set([...union.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!));
}

describe('balance-transaction types are Stripe’s', () => {
  const stripeTypes = stripeBalanceTransactionTypes();

  it('the fixture is the package’s list (a reversal is transfer_refund; transfer_reversal does not exist)', () => {
    expect(stripeTypes.size).toBeGreaterThan(40);
    for (const type of ['charge', 'payment', 'refund', 'payment_refund', 'transfer', 'transfer_refund']) expect(stripeTypes).toContain(type);
    expect(stripeTypes).not.toContain('transfer_reversal');
  });

  it('the reconciliation looks for Stripe’s names only', () => {
    expect(reconciledProviderTypes.filter((type) => !stripeTypes.has(type))).toEqual([]);
  });

  it('the test provider enters charges, refunds, transfers and reversals under Stripe’s names', async () => {
    const provider = createTestPaymentProvider('http://regalo.test');
    provider.recordCharge('pi_fixture', 2500, new Date());
    await provider.refund('pi_fixture', 500, 'fixture-refund');
    const { transferId } = await provider.createTransfer({ amount: 1000, currency: 'EUR', destination: 'acct_fixture', transferGroup: 'g', sourcePayment: null, idempotencyKey: 'fixture-transfer', orderId: 'o' });
    await provider.reverseTransfer({ transferId, amount: 1000, idempotencyKey: 'fixture-reversal' });
    const listed = await provider.listBalanceTransactions({ from: new Date(0), to: new Date(Date.now() + 1000) });
    expect(listed.map((txn) => txn.type)).toEqual(['charge', 'refund', 'transfer', 'transfer_refund']);
    expect(listed.filter((txn) => !stripeTypes.has(txn.type))).toEqual([]);
  });
});

/**
 * ADR 065, "money and order state reconciled": every way the team can cancel (and so
 * refund) a gift, against every state its checkout can be in when it happens, driven
 * through the real endpoints and Stripe's webhook (the local stand-in). After each story:
 * - what the buyer paid equals what they got (gifts still live, redeemed or run out) plus
 *   what was given back;
 * - the ledger agrees: its charges and refunds are the provider's, and every euro kept is in
 *   one of the business's balances (owed, in transit, paid out) or Regalo's (commission, VAT);
 * - the reconciliation with the provider finds no difference.
 * (A giver's own withdrawal is not in this matrix yet: it is built separately and joins it.)
 */
describe('money and order state reconciled (Stripe)', () => {
  const stripe = new StripeStandIn();
  let t: TestApp;
  let world: Awaited<ReturnType<typeof shop>>;
  let admin: { cookie: string };
  let started: Date;
  let counter = 0;
  /** Every checkout the story made, for the totals at its end. */
  let made: { checkoutId: string; paymentIntent: string }[] = [];

  let apiUrl: string;
  beforeAll(async () => {
    apiUrl = await stripe.start();
    t = await createTestApp({
      env: { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_regalo', STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET, STRIPE_API_URL: apiUrl },
    });
  });
  // Each story starts from an empty database (integration-setup) and an empty Stripe balance.
  beforeEach(async () => {
    stripe.balance.length = 0;
    stripe.refunds.length = 0;
    made = [];
    // Stripe stamps its movements in whole seconds: the window starts at this story's second.
    started = new Date(Math.floor(Date.now() / 1000) * 1000);
    world = await shop(t);
    admin = await signedIn(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });

  const webhook = (payload: string) => postStripeWebhook(t, payload);

  /** A buyer's checkout of the tea (25,00 €) and the dinner (40,00 €), not paid yet. */
  async function checkoutOfTwo() {
    const buyer = await signedIn(t, { locale: 'es' });
    const res = await postCheckout(t, buyer.cookie, [line(world.tea.id), line(world.dinner.id)]);
    expect(res.statusCode, res.body).toBe(201);
    const checkoutId = res.json().id as string;
    const [row] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    const paymentIntent = `pi_reconcile_${++counter}`;
    made.push({ checkoutId, paymentIntent });
    const session = { id: row!.providerRef!, checkoutId, paymentIntent };
    const lines = async () => {
      const rows = await t.database.db.select().from(orders).where(eq(orders.checkoutId, checkoutId)).orderBy(orders.totalAmount);
      return { tea: rows[0]!, dinner: rows[1]! };
    };
    const { tea, dinner } = await lines();
    const event = (type: string, paymentStatus?: string) => webhook(checkoutSessionEvent(type, { ...session, paymentStatus }, `evt_${paymentIntent}_${type}_${paymentStatus ?? ''}`));
    return {
      checkoutId,
      amount: row!.amountTotal,
      tea,
      dinner,
      lines,
      status: async () => (await t.database.db.select({ s: checkouts.status }).from(checkouts).where(eq(checkouts.id, checkoutId)))[0]!.s,
      /** The buyer pays on Stripe's page: the charge enters Stripe's balance, then the webhook comes. */
      async pay(type = 'checkout.session.completed') {
        stripe.charge(paymentIntent, row!.amountTotal);
        return event(type);
      },
      /** Paid by a method that settles later (SEPA debit): the session completes unpaid. */
      completeUnpaid: () => event('checkout.session.completed', 'unpaid'),
      expireAtStripe: () => event('checkout.session.expired'),
      replay: () => event('checkout.session.completed'),
    };
  }
  const cancel = (orderId: string) =>
    as(t, admin.cookie)({ method: 'POST', url: `/api/admin/orders/${orderId}/cancel`, payload: { reason: 'Closed for works' } });
  const redeem = (code: string) => as(t, world.owner.cookie)({ method: 'POST', url: '/api/business/redemptions', payload: { code } });
  const statusesOf = async (c: { lines: () => Promise<{ tea: { status: string }; dinner: { status: string } }> }) => {
    const { tea, dinner } = await c.lines();
    return [tea.status, dinner.status];
  };

  /** The story's checkouts: paid = got + given back, the ledger agrees, reconciliation finds no difference. */
  async function expectReconciled() {
    const db = t.database.db;
    const checkoutIds = made.map((m) => m.checkoutId);
    const orderRows = await db.select().from(orders).where(inArray(orders.checkoutId, checkoutIds));
    const ledger = await db.select().from(ledgerEntries).where(inArray(ledgerEntries.checkoutId, checkoutIds));
    const sum = (rows: { amount: number }[]) => rows.reduce((n, r) => n + r.amount, 0);

    for (const { checkoutId, paymentIntent } of made) {
      const paid = sum(stripe.balance.filter((b) => b.type === 'charge' && typeof b.source === 'object' && b.source.payment_intent === paymentIntent));
      const givenBack = sum(stripe.refunds.filter((r) => r.paymentIntent === paymentIntent));
      const got = sum(orderRows.filter((o) => o.checkoutId === checkoutId && ['paid', 'redeemed', 'expired'].includes(o.status)).map((o) => ({ amount: o.totalAmount })));
      expect({ checkoutId, paid }).toEqual({ checkoutId, paid: got + givenBack });
      // In the ledger: the charge as Stripe has it, and every refund of it.
      const rows = ledger.filter((r) => r.checkoutId === checkoutId);
      expect({ checkoutId, charged: sum(rows.filter((r) => r.kind === 'charge_received')) }).toEqual({ checkoutId, charged: paid });
      const refundKinds = ['charge_refunded', 'refund_commission', 'refund_commission_vat', 'refund_share'];
      expect({ checkoutId, refunded: sum(rows.filter((r) => refundKinds.includes(r.kind))) }).toEqual({ checkoutId, refunded: givenBack });
    }

    // Every euro kept is in a balance: the business's (owed, in transit, paid out) or Regalo's
    // commission and its VAT. The shop is this file's own business.
    const balances = await getBusinessBalances(db, world.business.id);
    const kept = orderRows.filter((o) => ['paid', 'redeemed', 'expired'].includes(o.status)).reduce((n, o) => n + o.totalAmount, 0);
    expect(Object.keys(balances).sort()).toEqual(Object.keys(ledgerBalanceTerms).sort());
    expect(balances.owed + balances.inTransit + balances.paidOut + balances.commission + balances.commissionVat).toBe(kept);
    const totalPaid = sum(stripe.balance.filter((b) => b.type === 'charge'));
    const totalBack = sum(stripe.refunds);
    expect(totalPaid - totalBack).toBe(kept);

    const result = await reconcileLedger(t.app.ctx, { from: started, to: new Date(Date.now() + 2000) });
    expect(result.differences).toEqual([]);
    expect(result.compared).toBeGreaterThan(0);
  }

  it('open checkout, one gift cancelled, paid anyway: the whole payment is given back', async () => {
    const c = await checkoutOfTwo();
    expect((await cancel(c.dinner.id)).statusCode).toBe(200);
    expect(await c.status()).toBe('expired');
    expect((await c.pay()).statusCode).toBe(200);
    expect(await statusesOf(c)).toEqual(['unpaid', 'cancelled']);
    // The other gift of the closed checkout can be cancelled too, with nothing to refund.
    expect((await cancel(c.tea.id)).statusCode).toBe(200);
    expect((await c.replay()).statusCode).toBe(200);
    await expectReconciled();
  });

  it('open checkout, both gifts cancelled, paid anyway: given back once', async () => {
    const c = await checkoutOfTwo();
    expect((await cancel(c.tea.id)).statusCode).toBe(200);
    expect((await cancel(c.dinner.id)).statusCode).toBe(200);
    expect((await c.pay()).statusCode).toBe(200);
    expect((await c.replay()).statusCode).toBe(200);
    expect(await statusesOf(c)).toEqual(['cancelled', 'cancelled']);
    await expectReconciled();
  });

  it('payment pending (settles later), one gift cancelled meanwhile, then it settles: given back whole', async () => {
    const c = await checkoutOfTwo();
    expect((await c.completeUnpaid()).statusCode).toBe(200);
    expect(await c.status()).toBe('pending');
    expect((await cancel(c.tea.id)).statusCode).toBe(200);
    expect((await c.pay('checkout.session.async_payment_succeeded')).statusCode).toBe(200);
    expect(await statusesOf(c)).toEqual(['cancelled', 'unpaid']);
    await expectReconciled();
  });

  it('payment pending, then it settles; one gift refunded, the other redeemed and no longer cancellable', async () => {
    const c = await checkoutOfTwo();
    expect((await c.completeUnpaid()).statusCode).toBe(200);
    expect((await c.pay('checkout.session.async_payment_succeeded')).statusCode).toBe(200);
    expect(await c.status()).toBe('succeeded');
    expect((await cancel(c.tea.id)).statusCode).toBe(200);
    const { dinner } = await c.lines();
    expect((await redeem(dinner.qrCode)).statusCode).toBe(200);
    expect((await cancel(c.dinner.id)).statusCode).toBe(409);
    expect(await statusesOf(c)).toEqual(['cancelled', 'redeemed']);
    await expectReconciled();
  });

  it('paid checkout, partly cancelled, then wholly: each gift refunded once, a replayed payment changes nothing', async () => {
    const c = await checkoutOfTwo();
    expect((await c.pay()).statusCode).toBe(200);
    expect((await cancel(c.dinner.id)).statusCode).toBe(200);
    expect((await c.replay()).statusCode).toBe(200);
    expect((await cancel(c.dinner.id)).statusCode).toBe(409);
    expect((await cancel(c.tea.id)).statusCode).toBe(200);
    expect(await statusesOf(c)).toEqual(['cancelled', 'cancelled']);
    await expectReconciled();
  });

  it('paid checkout, one gift run out (expired) and refunded, the other kept', async () => {
    const c = await checkoutOfTwo();
    expect((await c.pay()).statusCode).toBe(200);
    // The gift's validity ran out (as the expiry job would set it).
    await t.database.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, c.tea.id));
    expect((await cancel(c.tea.id)).statusCode).toBe(200);
    expect(await statusesOf(c)).toEqual(['cancelled', 'paid']);
    await expectReconciled();
  });

  it('closed at Stripe (session expired), then a late payment: given back whole', async () => {
    const c = await checkoutOfTwo();
    expect((await c.expireAtStripe()).statusCode).toBe(200);
    expect(await c.status()).toBe('expired');
    expect((await c.pay()).statusCode).toBe(200);
    expect(await statusesOf(c)).toEqual(['unpaid', 'unpaid']);
    await expectReconciled();
  });

  it('closed by the expiry job (orders cancelled), then a late payment: given back whole', async () => {
    const c = await checkoutOfTwo();
    const [row] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, c.checkoutId));
    await expireCheckouts({ db: t.database.db, now: () => new Date(row!.expiresAt.getTime() + 1000) });
    expect(await statusesOf(c)).toEqual(['cancelled', 'cancelled']);
    expect((await c.pay()).statusCode).toBe(200);
    expect((await c.replay()).statusCode).toBe(200);
    await expectReconciled();
  });


  it('paid twice, both teas cancelled; the month’s invoice charges 21 % of its base and its one VAT adjustment keeps every euro in a balance', async () => {
    await t.database.db.update(businesses).set({ legalName: 'Tetería del Carmen S.L.', fiscalAddress: 'Carrer de Cavallers 20, 46001 València' }).where(eq(businesses.id, world.business.id));
    for (let i = 0; i < 2; i++) {
      const c = await checkoutOfTwo();
      expect((await c.pay()).statusCode).toBe(200);
      expect((await cancel(c.tea.id)).statusCode).toBe(200);
    }
    // The month's invoice, as the job issues it on the 1st: two dinners at 1,14 % are 0,46 € of
    // commission each with 0,10 € of IVA withheld (9,66 cents rounded); 21 % of 0,92 € is 0,19 €.
    const firstOfNextMonth = madridMonthBounds(madridMonthOf(new Date())).to;
    const run = await issueDueInvoices({ ...t.app.ctx, now: () => new Date(firstOfNextMonth.getTime() + 3_600_000) });
    expect(run.issued).toHaveLength(1);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.businessId, world.business.id));
    expect(invoice).toMatchObject({ baseCents: 92, vatCents: 19 });
    const adjustments = await t.database.db.select().from(ledgerEntries).where(inArray(ledgerEntries.kind, ['invoice_vat_charged', 'invoice_vat_credited']));
    expect(adjustments.map((a) => [a.kind, a.amount, a.businessId])).toEqual([['invoice_vat_credited', 1, world.business.id]]);
    // Regalo's VAT in the ledger is the invoice's, to the cent.
    expect((await getBusinessBalances(t.database.db, world.business.id)).commissionVat).toBe(invoice!.vatCents);
    await expectReconciled();
  });


  it('paid; one gift redeemed and its share sent to the business at Stripe, the other refunded: the transfer is reconciled too', async () => {
    // The shop's payout account is a Stripe connected account, onboarded.
    const created = await fetch(`${apiUrl}/v1/accounts`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_regalo', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'type=express&country=ES',
    });
    const accountId = ((await created.json()) as { id: string }).id;
    setStandInAccount(stripe, accountId, true);
    await t.database.db.update(payoutAccounts).set({ provider: 'stripe', providerAccountId: accountId }).where(eq(payoutAccounts.businessId, world.business.id));

    const c = await checkoutOfTwo();
    expect((await c.pay()).statusCode).toBe(200);
    const { dinner } = await c.lines();
    expect((await redeem(dinner.qrCode)).statusCode).toBe(200);
    expect((await cancel(c.tea.id)).statusCode).toBe(200);
    // Redeemed: its share is due now and leaves for the business.
    expect(await sendDueTransfers(t.app.ctx)).toMatchObject({ sent: 1 });
    expect(await getBusinessBalances(t.database.db, world.business.id)).toMatchObject({ owed: 0, inTransit: dinner.netAmount });
    expect(await statusesOf(c)).toEqual(['cancelled', 'redeemed']);
    await expectReconciled();
  });

  it('paid, the share sent, then cancelled: the reversal is Stripe’s transfer_refund, reconciled; every movement of Regalo’s kinds missing from the ledger is reported', async () => {
    const created = await fetch(`${apiUrl}/v1/accounts`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_regalo', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'type=express&country=ES',
    });
    const accountId = ((await created.json()) as { id: string }).id;
    setStandInAccount(stripe, accountId, true);
    await t.database.db.update(payoutAccounts).set({ provider: 'stripe', providerAccountId: accountId }).where(eq(payoutAccounts.businessId, world.business.id));

    const c = await checkoutOfTwo();
    expect((await c.pay()).statusCode).toBe(200);
    const { dinner } = await c.lines();
    // The share goes out early (as a redemption would make it due), then the gift runs out:
    // a redeemed gift cannot be cancelled (its value was used, ADR 096), an expired one can.
    await t.database.db.update(transfers).set({ nextAttemptAt: new Date() }).where(eq(transfers.orderId, dinner.id));
    expect(await sendDueTransfers(t.app.ctx)).toMatchObject({ sent: 1 });
    await t.database.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, dinner.id));
    expect((await cancel(dinner.id)).statusCode).toBe(200);
    expect(await statusesOf(c)).toEqual(['paid', 'cancelled']);
    const types = stripe.balance.map((b) => b.type);
    expect(types).toContain('transfer_refund');
    const stripeTypes = stripeBalanceTransactionTypes();
    expect(types.filter((type) => !stripeTypes.has(type))).toEqual([]);
    await expectReconciled();

    // Movements made at Stripe that Regalo never recorded (from the dashboard, say), one of each kind Regalo makes.
    const at = Math.floor(Date.now() / 1000);
    const strays = [
      { type: 'transfer_refund', source: 'trr_stray', amount: 700 },
      { type: 'payment_refund', source: 'pyr_stray', amount: -300 },
      { type: 'refund', source: 're_stray', amount: -200 },
      { type: 'transfer', source: 'tr_stray', amount: -500 },
      { type: 'payment', source: 'py_stray', amount: 900 },
    ];
    for (const [i, stray] of strays.entries()) stripe.balance.push({ id: `txn_stray_${i}`, object: 'balance_transaction', currency: 'eur', created: at, ...stray });
    // …and Stripe's own, which is not Regalo's to record.
    stripe.balance.push({ id: 'txn_fee', object: 'balance_transaction', amount: -25, currency: 'eur', type: 'stripe_fee', created: at, source: 'fee_stray' });
    const result = await reconcileLedger(t.app.ctx, { from: started, to: new Date(Date.now() + 2000) });
    expect(result.differences.map((d) => [d.kind, d.providerRef, d.providerAmount]).sort()).toEqual(
      strays.map((stray) => ['missing_in_ledger', stray.source, stray.amount]).sort(),
    );
  });
});
