import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema/businesses';
import { invoices, verifactuRecords, verifactuSubmissions } from '../../db/schema/invoices';
import { recordOrderRefund } from '../ledger/record-payment';
import { loadInvoiceDocument } from './load-invoice-document';
import { verifyChain } from '../verifactu/verify-chain';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { chainOf, createClock, invoicedShop, invoicesOf, linesOf, recordsOf } from './invoice-test-world';
import { issueDueInvoices } from './issue-due-invoices';
import { verifyVerifactuChain } from '../verifactu/verify-verifactu-chain';

// 1 November 2026, 00:30 in Madrid (winter time, UTC+1): October has just ended.
const FIRST_OF_NOVEMBER = new Date('2026-10-31T23:30:00Z');

describe('commission invoices', () => {
  const clock = createClock(FIRST_OF_NOVEMBER);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(FIRST_OF_NOVEMBER));

  const run = () => issueDueInvoices(t.app.ctx);

  it("issues each business one F1 for last month's commission, numbered in the year's series, with its registration record", async () => {
    const shop = await invoicedShop(t);
    const a = await shop.sell(new Date('2026-10-03T10:00:00Z'));
    const b = await shop.sell(new Date('2026-10-30T22:30:00Z'), 'redeemed'); // 30 Oct, 23:30 Madrid
    // 1 Nov 00:10 in Madrid, still 31 October in UTC: November's, not on October's invoice.
    await shop.sell(new Date('2026-10-31T23:10:00Z'));

    const result = await run();
    const [invoice, ...others] = await invoicesOf(t, shop.business.id);
    expect(others).toEqual([]);
    expect(result.issued.map((i) => i.invoiceId)).toContain(invoice!.id);
    expect(invoice).toMatchObject({
      type: 'F1',
      series: 'R2026',
      period: '2026-10',
      issueDate: '2026-11-01',
      recipientName: 'Horchatería Santa Catalina S.L.',
      recipientTaxId: shop.business.taxId,
      recipientAddress: 'Plaça de Santa Caterina 6, 46001 València',
      issuerName: t.config.operator.name,
      issuerTaxId: t.config.operator.taxId,
      baseCents: 500,
      vatRateBasisPoints: 2100,
      // 21 % of the 5,00 € base, not the 0,53 € + 0,53 € withheld per order (ADR 093).
      vatCents: 105,
      totalCents: 605,
      correctsInvoiceId: null,
    });
    expect(invoice!.fullNumber).toBe(`R2026-${String(invoice!.number).padStart(6, '0')}`);
    expect((await linesOf(t, invoice!.id)).map((l) => [l.orderId, l.baseCents, l.vatCents])).toEqual([
      [a.id, 250, 53],
      [b.id, 250, 53],
    ]);

    const [record] = await recordsOf(t, [invoice!.id]);
    expect(record).toMatchObject({
      kind: 'alta',
      idEmisor: t.config.operator.taxId,
      numSerie: invoice!.fullNumber,
      fechaExpedicion: '01-11-2026',
      tipoFactura: 'F1',
      cuotaTotal: '1.05',
      importeTotal: '6.05',
      generatedAt: '2026-11-01T00:30:00+01:00',
    });
    const [submission] = await t.database.db.select().from(verifactuSubmissions).where(eq(verifactuSubmissions.recordId, record!.id));
    expect(submission).toMatchObject({ state: 'pending', attempts: 0, lastError: null, errorCode: null });
    expect(verifyChain(await chainOf(t))).toMatchObject({ ok: true });

    // The document the renderer and the endpoints read.
    const document = await loadInvoiceDocument(t.database.db, invoice!.id);
    expect(document).toMatchObject({ fullNumber: invoice!.fullNumber, issueDate: '2026-11-01', period: '2026-10', baseCents: 500, vatCents: 105, totalCents: 605 });
    expect(document!.lines).toHaveLength(2);
    expect(document!.lines[0]!.description).toContain('Horchata y fartons');
    expect(document!.corrects).toBeUndefined();
    expect(await loadInvoiceDocument(t.database.db, invoice!.id, { businessId: crypto.randomUUID() })).toBeNull();
  });

  it('issues each invoice once: a second run, later that day, issues nothing more', async () => {
    const shop = await invoicedShop(t);
    await shop.sell(new Date('2026-10-10T10:00:00Z'));
    await run();
    clock.set(new Date('2026-11-01T15:00:00Z'));
    const again = await run();
    expect(again.issued.filter((i) => i.businessId === shop.business.id)).toEqual([]);
    expect(await invoicesOf(t, shop.business.id)).toHaveLength(1);
  });

  it('issues no invoice for a month without commission, nor for one whose only order was refunded within it', async () => {
    const quiet = await invoicedShop(t);
    const refunded = await invoicedShop(t);
    const order = await refunded.sell(new Date('2026-10-10T10:00:00Z'));
    await recordOrderRefund(t.database.db, { ...order, commissionAmount: order.commissionAmount!, commissionVatAmount: order.commissionVatAmount!, netAmount: order.netAmount! }, { refundRef: null, at: new Date('2026-10-12T10:00:00Z') });
    await run();
    expect(await invoicesOf(t, quiet.business.id)).toEqual([]);
    expect(await invoicesOf(t, refunded.business.id)).toEqual([]);
  });

  it('catches up every past month not yet invoiced, oldest first, with one issue date', async () => {
    const shop = await invoicedShop(t);
    await shop.sell(new Date('2026-08-14T10:00:00Z'));
    await shop.sell(new Date('2026-09-20T10:00:00Z'));
    await shop.sell(new Date('2026-09-21T10:00:00Z'));
    clock.set(new Date('2026-11-20T09:00:00Z'));
    await run();
    const issued = await invoicesOf(t, shop.business.id);
    expect(issued.map((i) => [i.period, i.baseCents, i.issueDate])).toEqual([
      ['2026-08', 250, '2026-11-20'],
      ['2026-09', 500, '2026-11-20'],
    ]);
    expect(issued[1]!.number).toBeGreaterThan(issued[0]!.number);
  });

  it('issues a rectifying R1 by differences, naming the F1, when an invoiced order is refunded later', async () => {
    const shop = await invoicedShop(t);
    const kept = await shop.sell(new Date('2026-10-05T10:00:00Z'));
    const withdrawn = await shop.sell(new Date('2026-10-28T10:00:00Z'));
    await run();
    const [f1] = await invoicesOf(t, shop.business.id);

    // The giver withdraws on 3 November (within 14 days): the team cancels and refunds it.
    clock.set(new Date('2026-11-03T10:00:00Z'));
    await recordOrderRefund(t.database.db, { ...withdrawn, commissionAmount: withdrawn.commissionAmount!, commissionVatAmount: withdrawn.commissionVatAmount!, netAmount: withdrawn.netAmount! }, { refundRef: null, at: clock.now() });
    await run();

    const [, r1, ...rest] = await invoicesOf(t, shop.business.id);
    expect(rest).toEqual([]);
    expect(r1).toMatchObject({ type: 'R1', series: 'RR2026', period: '2026-10', issueDate: '2026-11-03', correctsInvoiceId: f1!.id, baseCents: -250, vatCents: -53, totalCents: -303 });
    expect((await linesOf(t, r1!.id)).map((l) => [l.orderId, l.baseCents, l.vatCents])).toEqual([[withdrawn.id, -250, -53]]);
    const document = await loadInvoiceDocument(t.database.db, r1!.id);
    expect(document!.corrects).toEqual({ fullNumber: f1!.fullNumber, issueDate: '2026-11-01' });
    const [record] = await recordsOf(t, [r1!.id]);
    expect(record).toMatchObject({ tipoFactura: 'R1', cuotaTotal: '-0.53', importeTotal: '-3.03' });
    // The kept order is not touched again.
    expect(kept.id).not.toBe(withdrawn.id);
    await run();
    expect(await invoicesOf(t, shop.business.id)).toHaveLength(2);
    expect(verifyChain(await chainOf(t))).toMatchObject({ ok: true });
    expect(await verifyVerifactuChain(t.database.db)).toMatchObject({ ok: true });
  });

  it('refuses to invoice a business without a legal name or fiscal address, and invoices it once they are given', async () => {
    const shop = await invoicedShop(t, { legalName: null, fiscalAddress: '  ' });
    await shop.sell(new Date('2026-10-10T10:00:00Z'));
    const blocked = await run();
    expect(blocked.blocked).toContain(shop.business.id);
    expect(await invoicesOf(t, shop.business.id)).toEqual([]);

    await t.database.db.update(businesses).set({ legalName: 'Horchatería Santa Catalina S.L.', fiscalAddress: 'Plaça de Santa Caterina 6, 46001 València' }).where(eq(businesses.id, shop.business.id));
    const later = await run();
    expect(later.blocked).not.toContain(shop.business.id);
    expect(await invoicesOf(t, shop.business.id)).toHaveLength(1);
  });

  it('refuses to edit or delete an issued invoice or record (append-only triggers)', async () => {
    const shop = await invoicedShop(t);
    await shop.sell(new Date('2026-10-10T10:00:00Z'));
    await run();
    const [invoice] = await invoicesOf(t, shop.business.id);
    const db = t.database.db;
    const refusal = async (query: Promise<unknown>) => {
      const error = await query.then(() => null, (e: Error & { cause?: Error }) => e);
      // Drizzle wraps the database's error: the trigger's message is in its cause.
      return error ? String(error.cause?.message ?? error.message) : 'no error';
    };
    expect(await refusal(db.update(invoices).set({ baseCents: 1 }).where(eq(invoices.id, invoice!.id)))).toMatch(/invoices is append-only: UPDATE refused/);
    expect(await refusal(db.delete(invoices).where(eq(invoices.id, invoice!.id)))).toMatch(/invoices is append-only: DELETE refused/);
    expect(await refusal(db.execute(sql`update invoice_lines set base_cents = 0 where invoice_id = ${invoice!.id}`))).toMatch(/invoice_lines is append-only: UPDATE refused/);
    expect(await refusal(db.update(verifactuRecords).set({ cuotaTotal: '0.00' }).where(eq(verifactuRecords.invoiceId, invoice!.id)))).toMatch(/verifactu_records is append-only: UPDATE refused/);
    expect(await refusal(db.delete(verifactuRecords).where(eq(verifactuRecords.invoiceId, invoice!.id)))).toMatch(/verifactu_records is append-only: DELETE refused/);
    expect((await invoicesOf(t, shop.business.id))[0]).toEqual(invoice);
  });

  it('refuses a record that does not extend the chain (trigger), whatever the code above it does', async () => {
    const shop = await invoicedShop(t);
    await shop.sell(new Date('2026-10-10T10:00:00Z'));
    await run();
    const [invoice] = await invoicesOf(t, shop.business.id);
    const [record] = await recordsOf(t, [invoice!.id]);
    await expect(
      t.database.db.insert(verifactuRecords).values({ ...record!, id: undefined, kind: 'anulacion', sequence: 1, previousFingerprint: '' }).then(
        () => 'inserted',
        (e: Error & { cause?: Error }) => String(e.cause?.message ?? e.message),
      ),
    ).resolves.toMatch(/does not extend the chain/);
  });
});
