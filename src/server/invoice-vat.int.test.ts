import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatPrice } from '@shared/format';
import { ledgerEntries } from './db/schema/payouts';
import { getBusinessBalances } from './money/ledger/ledger-balances';
import { loadInvoiceDocument } from './money/invoices/load-invoice-document';
import { describeInvoice } from './money/invoices/invoice-view';
import { recordOrderRefund } from './money/ledger/record-payment';
import { createGift, createOrder } from './testing/factories';
import { createTestApp, type TestApp } from './testing/test-app';
import { getBusinessStatement } from './money/statements/get-business-statement';
import { formatStatementCsv } from './money/statements/format-statement-csv';
import { cancelInvoice } from './money/invoices/cancel-invoice';
import { createClock, invoicedShop, invoiceInvariants, invoicesOf, linesOf } from './money/invoices/invoice-test-world';
import { issueDueInvoices } from './money/invoices/issue-due-invoices';

// 1 November 2026, 00:30 in Madrid: October has just ended.
const FIRST_OF_NOVEMBER = new Date('2026-10-31T23:30:00Z');

/**
 * An invoice's VAT is its rate applied to its base (RD 1619/2012 art. 6, ADR 093); the
 * per-order VAT already withheld differs by rounding, and one ledger row per invoice moves the
 * difference, so the ledger, the statement and the invoice say the same VAT to the cent.
 */
describe('invoice VAT: the rate on the base, and one ledger adjustment per invoice', () => {
  const clock = createClock(FIRST_OF_NOVEMBER);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(FIRST_OF_NOVEMBER));

  const run = () => issueDueInvoices(t.app.ctx);
  const adjustmentsOf = (businessId: string) =>
    t.database.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, key: ledgerEntries.idempotencyKey, ref: ledgerEntries.providerRef })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.businessId, businessId), inArray(ledgerEntries.kind, ['invoice_vat_charged', 'invoice_vat_credited'])))
      .orderBy(ledgerEntries.createdAt, ledgerEntries.idempotencyKey);
  /** What the business's live invoices charged as VAT, and what the ledger says Regalo's VAT on it is. */
  async function vatAgreement(businessId: string) {
    const live = (await invoicesOf(t, businessId)).filter((i) => !cancelled.has(i.id));
    return { invoices: live.reduce((s, i) => s + i.vatCents, 0), ledger: (await getBusinessBalances(t.database.db, businessId)).commissionVat };
  }
  const cancelled = new Set<string>();

  it('the audit’s example: base 112,41 € at 21 % is 23,61 €; the cent the orders’ 23,60 € missed is charged once', async () => {
    const shop = await invoicedShop(t);
    // At 10 %: commissions of 100,02 € (IVA 21,0042 → 21,00 €) and 12,39 € (IVA 2,6019 → 2,60 €).
    const big = await createGift(t.database.db, { businessId: shop.business.id, name: 'Banquete', price: 100_020 });
    const small = await createGift(t.database.db, { businessId: shop.business.id, name: 'Paella para dos', price: 12_390 });
    const paidAt = new Date('2026-10-15T10:00:00Z');
    const sell = (giftId: string) => createOrder(t.database.db, { buyerId: shop.buyer.id, giftId, status: 'paid', createdAt: new Date(paidAt.getTime() - 60_000), paidAt, now: paidAt });
    const a = await sell(big.id);
    const b = await sell(small.id);
    expect([a.commissionAmount, a.commissionVatAmount, b.commissionAmount, b.commissionVatAmount]).toEqual([10_002, 2_100, 1_239, 260]);

    await run();
    const [invoice, ...others] = await invoicesOf(t, shop.business.id);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({ type: 'F1', baseCents: 11_241, vatRateBasisPoints: 2100, vatCents: 2_361, totalCents: 13_602 });
    // The lines keep what was withheld per order; the invoice's VAT is not their sum.
    expect((await linesOf(t, invoice!.id)).map((l) => l.vatCents).sort((x, y) => x - y)).toEqual([260, 2_100]);
    expect(await adjustmentsOf(shop.business.id)).toEqual([
      { kind: 'invoice_vat_charged', amount: 1, key: `invoice_vat_adjustment:${invoice!.id}`, ref: invoice!.fullNumber },
    ]);

    // The printed invoice says base, rate and the VAT that results.
    const view = describeInvoice((await loadInvoiceDocument(t.database.db, invoice!.id))!, 'es', { verifactuDriver: t.config.verifactu.driver });
    expect(view.totals.map((x) => x.value)).toEqual([11_241, 2_361, 13_602].map((c) => formatPrice(c)));
    expect(formatPrice(2_361)).toMatch(/^23,61\s€$/);

    // Ledger and invoice agree to the cent.
    expect(await vatAgreement(shop.business.id)).toEqual({ invoices: 2_361, ledger: 2_361 });

    // November's statement shows the adjustment as a line of its own, and it adds up.
    const statement = await getBusinessStatement(t.database.db, shop.business, '2026-11', new Date('2026-11-15T10:00:00Z'));
    const line = statement.lines.find((l) => l.kind === 'invoice_vat_adjustment');
    expect(line).toMatchObject({ orderId: null, giftName: invoice!.fullNumber, commissionVat: 1, share: -1, balanceChange: -1, providerRef: invoice!.fullNumber });
    expect(statement.summary.movements.invoiceVat).toBe(-1);
    expect(statement.summary.commissionVat).toMatchObject({ adjusted: 1 });
    const movements = Object.values(statement.summary.movements).reduce((s, m) => s + m, 0);
    expect(statement.summary.opening + movements).toBe(statement.summary.closing);
    expect(statement.summary.closing).toBe(statement.closingBalance);
    // October's withheld VAT plus November's adjustment is the invoice's VAT.
    const october = await getBusinessStatement(t.database.db, shop.business, '2026-10', new Date('2026-11-15T10:00:00Z'));
    expect(october.summary.commissionVat.net + statement.summary.commissionVat.net).toBe(invoice!.vatCents);
    const csv = formatStatementCsv(statement, 'es').split('\r\n');
    expect(csv.find((r) => r.includes(invoice!.fullNumber))).toMatch(new RegExp(`;Ajuste de IVA de una factura;;${invoice!.fullNumber};0,00;0,00;0,01;-0,01;-0,01;`));

    // A second run adds nothing: one adjustment per invoice.
    clock.set(new Date('2026-11-02T10:00:00Z'));
    await run();
    expect(await adjustmentsOf(shop.business.id)).toHaveLength(1);
    expect((await invoiceInvariants(t.database.db)).problems).toEqual([]);
  });

  it('gives the business back what per-order rounding withheld too much, and a cancelled invoice takes its adjustment with it', async () => {
    const shop = await invoicedShop(t);
    // Two 25,00 € orders: 0,53 € + 0,53 € withheld; 21 % of 5,00 € is 1,05 €.
    await shop.sell(new Date('2026-10-05T10:00:00Z'));
    await shop.sell(new Date('2026-10-06T10:00:00Z'));
    await run();
    const [f1] = await invoicesOf(t, shop.business.id);
    expect(f1).toMatchObject({ baseCents: 500, vatCents: 105 });
    expect((await adjustmentsOf(shop.business.id)).map((r) => [r.kind, r.amount])).toEqual([['invoice_vat_credited', 1]]);
    expect(await vatAgreement(shop.business.id)).toEqual({ invoices: 105, ledger: 105 });
    const before = await getBusinessBalances(t.database.db, shop.business.id);

    // Cancelled by mistake, then issued again: the first adjustment is undone, the new invoice brings its own.
    clock.set(new Date('2026-11-02T10:00:00Z'));
    await cancelInvoice(t.app.ctx, { id: null, email: 'team@regalo.test' }, f1!.id, 'Datos del destinatario equivocados');
    cancelled.add(f1!.id);
    expect((await adjustmentsOf(shop.business.id)).map((r) => [r.kind, r.amount, r.key])).toEqual([
      ['invoice_vat_credited', 1, `invoice_vat_adjustment:${f1!.id}`],
      ['invoice_vat_charged', 1, `invoice_vat_adjustment_cancelled:${f1!.id}`],
    ]);
    await run();
    const [, again] = await invoicesOf(t, shop.business.id);
    expect(again).toMatchObject({ type: 'F1', baseCents: 500, vatCents: 105 });
    expect(await vatAgreement(shop.business.id)).toEqual({ invoices: 105, ledger: 105 });
    // The balance the business is owed is where it was before the cancellation.
    expect(await getBusinessBalances(t.database.db, shop.business.id)).toEqual(before);
    expect((await invoiceInvariants(t.database.db)).problems).toEqual([]);
  });

  it('a rectifying invoice’s VAT is the rate on its own (negative) base, with its own adjustment', async () => {
    const shop = await invoicedShop(t);
    const orders = [];
    for (const day of [3, 4, 5]) orders.push(await shop.sell(new Date(`2026-10-0${day}T10:00:00Z`)));
    await run();
    const [f1] = await invoicesOf(t, shop.business.id);
    // 7,50 € at 21 % = 1,575 → 1,58 €; withheld 3 × 0,53 € = 1,59 €.
    expect(f1).toMatchObject({ baseCents: 750, vatCents: 158 });

    // Two are refunded in November: the R1 corrects −5,00 € of base, −1,05 € of VAT (withheld −1,06 €).
    clock.set(new Date('2026-11-03T10:00:00Z'));
    for (const o of orders.slice(0, 2)) {
      await recordOrderRefund(t.database.db, { ...o, commissionAmount: o.commissionAmount!, commissionVatAmount: o.commissionVatAmount!, netAmount: o.netAmount! }, { refundRef: null, at: clock.now() });
    }
    await run();
    const [, r1] = await invoicesOf(t, shop.business.id);
    expect(r1).toMatchObject({ type: 'R1', baseCents: -500, vatCents: -105, totalCents: -605 });
    expect((await adjustmentsOf(shop.business.id)).map((r) => [r.kind, r.amount, r.ref])).toEqual([
      ['invoice_vat_credited', 1, f1!.fullNumber],
      ['invoice_vat_charged', 1, r1!.fullNumber],
    ]);
    expect(await vatAgreement(shop.business.id)).toEqual({ invoices: 53, ledger: 53 });
    expect((await invoiceInvariants(t.database.db)).problems).toEqual([]);
    // Nothing else is due.
    await run();
    expect(await invoicesOf(t, shop.business.id)).toHaveLength(2);
    expect(await t.database.db.select().from(ledgerEntries).where(like(ledgerEntries.idempotencyKey, `invoice_vat_adjustment%`))).toHaveLength(
      (await t.database.db.select().from(ledgerEntries).where(inArray(ledgerEntries.kind, ['invoice_vat_charged', 'invoice_vat_credited']))).length,
    );
  });
});
