import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../platform/verifactu/invoice-document';
import type { InvoiceList, MissingInvoicingData, VerifactuRecordExport } from '@shared/contracts/invoices';
import { adminAuditLog } from '../../db/schema/admin-audit-log';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { invoiceCancellations } from '../../db/schema/invoices';
import { computeFingerprint, type RecordFields } from '../verifactu/verifactu-fingerprint';
import { verifyChain } from '../verifactu/verify-chain';
import { authedInject } from '../../testing/auth-helpers';
import { signedInUser } from '../../testing/dashboard-test-world';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClock, invoicedShop, invoicesOf, recordsOf } from './invoice-test-world';
import { issueDueInvoices } from './issue-due-invoices';

const FIRST_OF_NOVEMBER = new Date('2026-10-31T23:30:00Z');

describe('invoices: the owner, the platform team and the exports', () => {
  const clock = createClock(FIRST_OF_NOVEMBER);
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock.set(FIRST_OF_NOVEMBER);
    admin = await signedInUser(t, 'admin');
  });

  async function octoberInvoice() {
    const shop = await invoicedShop(t);
    await shop.sell(new Date('2026-10-05T10:00:00Z'));
    await shop.sell(new Date('2026-10-06T10:00:00Z'));
    await issueDueInvoices(t.app.ctx);
    const [invoice] = await invoicesOf(t, shop.business.id);
    return { shop, invoice: invoice! };
  }

  it("shows the owner their own invoices and documents, and another owner's invoice is not found", async () => {
    const { shop, invoice } = await octoberInvoice();
    const other = await invoicedShop(t);

    const list = await authedInject(t, shop.cookie, { method: 'GET', url: '/api/business/invoices' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect((list.json() as InvoiceList).invoices.map((i) => [i.fullNumber, i.totalCents, i.submissionState])).toEqual([[invoice.fullNumber, 605, 'pending']]);

    const own = await authedInject(t, shop.cookie, { method: 'GET', url: `/api/business/invoices/${invoice.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ fullNumber: invoice.fullNumber, recipient: { name: 'Horchatería Santa Catalina S.L.' }, totalCents: 605 });

    expect((await authedInject(t, other.cookie, { method: 'GET', url: `/api/business/invoices/${invoice.id}` })).statusCode).toBe(404);
    expect(((await authedInject(t, other.cookie, { method: 'GET', url: '/api/business/invoices' })).json() as InvoiceList).invoices).toEqual([]);
    expect((await authedInject(t, null, { method: 'GET', url: `/api/business/invoices/${invoice.id}` })).statusCode).toBe(401);

    // The printable page and the PDF, from the stored snapshot; another owner gets neither.
    const page = await authedInject(t, shop.cookie, { method: 'GET', url: `/api/business/invoices/${invoice.id}/html?lang=es` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(invoice.fullNumber);
    expect(page.body).toContain(`/api/business/invoices/${invoice.id}/pdf?lang=es`);
    const pdf = await authedInject(t, shop.cookie, { method: 'GET', url: `/api/business/invoices/${invoice.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="Factura-${invoice.fullNumber}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await authedInject(t, other.cookie, { method: 'GET', url: `/api/business/invoices/${invoice.id}/pdf` })).statusCode).toBe(404);

    // The owner was told in their language, with a link to the dashboard, once.
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'invoice-issued'));
    const mine = mails.filter((m) => m.to === shop.user.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain(invoice.fullNumber);
    expect(mine[0]!.text).toContain('/business/dashboard?tab=payouts');
  });

  it('cancels an invoice issued by mistake with a cancellation record, audited, and the next run issues it again', async () => {
    const { shop, invoice } = await octoberInvoice();
    const refused = await authedInject(t, admin.cookie, { method: 'POST', url: `/api/admin/invoices/${invoice.id}/cancel`, payload: { reason: '   ' } });
    expect(refused.statusCode, refused.body).toBe(400);

    clock.set(new Date('2026-11-02T09:00:00Z'));
    const res = await authedInject(t, admin.cookie, { method: 'POST', url: `/api/admin/invoices/${invoice.id}/cancel`, payload: { reason: 'Wrong fiscal address' } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as InvoiceDocument).cancelledAt).toBe('2026-11-02T09:00:00.000Z');

    const [alta, anulacion] = await recordsOf(t, [invoice.id]);
    expect(alta!.kind).toBe('alta');
    expect(anulacion).toMatchObject({ kind: 'anulacion', numSerie: invoice.fullNumber, fechaExpedicion: '01-11-2026', tipoFactura: null, generatedAt: '2026-11-02T10:00:00+01:00' });
    const [audit] = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, invoice.id));
    expect(audit).toMatchObject({ action: 'invoice_cancelled', targetType: 'invoice', actorId: admin.user.id, reason: 'Wrong fiscal address' });

    const again = await authedInject(t, admin.cookie, { method: 'POST', url: `/api/admin/invoices/${invoice.id}/cancel`, payload: { reason: 'Twice' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'invoice_already_cancelled' });
    expect(await t.database.db.select().from(invoiceCancellations).where(eq(invoiceCancellations.invoiceId, invoice.id))).toHaveLength(1);

    // The commission is still due: the next run issues a new F1 for October.
    await issueDueInvoices(t.app.ctx);
    const [, reissued] = await invoicesOf(t, shop.business.id);
    expect(reissued).toMatchObject({ type: 'F1', period: '2026-10', baseCents: 500, issueDate: '2026-11-02' });
  });

  it('refuses to cancel an F1 while a rectifying invoice corrects it', async () => {
    const { shop, invoice } = await octoberInvoice();
    const { recordOrderRefund } = await import('../ledger/record-payment');
    const { orders } = await import('../../db/schema/orders');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.businessId, shop.business.id)).limit(1);
    await recordOrderRefund(t.database.db, { ...order!, commissionAmount: order!.commissionAmount!, commissionVatAmount: order!.commissionVatAmount!, netAmount: order!.netAmount! }, { refundRef: null, at: new Date('2026-11-01T12:00:00Z') });
    clock.set(new Date('2026-11-01T13:00:00Z'));
    await issueDueInvoices(t.app.ctx);
    const res = await authedInject(t, admin.cookie, { method: 'POST', url: `/api/admin/invoices/${invoice.id}/cancel`, payload: { reason: 'Mistake' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'invoice_has_rectifications' });
  });

  it('exports the records as JSON anyone can recompute, in chain order', async () => {
    await octoberInvoice();
    const res = await authedInject(t, admin.cookie, { method: 'GET', url: '/api/admin/verifactu/records' });
    expect(res.statusCode).toBe(200);
    const records = res.json() as VerifactuRecordExport[];
    expect(records.length).toBeGreaterThan(0);
    expect(records[0]!.previousFingerprint).toBe('');
    for (const [i, r] of records.entries()) {
      expect(Object.keys(r).sort()).toEqual(['fields', 'fingerprint', 'invoiceId', 'kind', 'previousFingerprint']);
      expect(r.fields).not.toHaveProperty('Huella');
      if (i > 0) expect(r.previousFingerprint).toBe(records[i - 1]!.fingerprint);
      expect(computeFingerprint({ kind: r.kind, fields: r.fields } as unknown as RecordFields, r.previousFingerprint)).toBe(r.fingerprint);
    }
    expect(verifyChain(records)).toMatchObject({ ok: true });
    expect((await authedInject(t, null, { method: 'GET', url: '/api/admin/verifactu/records' })).statusCode).toBe(401);
    const owner = await invoicedShop(t);
    expect((await authedInject(t, owner.cookie, { method: 'GET', url: '/api/admin/verifactu/records' })).statusCode).toBe(403);
  });

  it("writes the quarter's issued-invoices book as the statements' CSV", async () => {
    const { invoice } = await octoberInvoice();
    const res = await authedInject(t, admin.cookie, { method: 'GET', url: '/api/admin/invoices/book/2026-Q4/csv?lang=es' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="facturas-expedidas-2026-Q4.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Fecha de expedición;Fecha de operación;Número;Tipo;Rectifica a;Mes facturado;NIF del destinatario;Destinatario;Base imponible;% IVA;Cuota de IVA;Total;Anulada el');
    const row = lines.find((l) => l.includes(invoice.fullNumber));
    expect(row).toBe(`01/11/2026;31/10/2026;${invoice.fullNumber};Factura;;2026-10;${invoice.recipientTaxId};Horchatería Santa Catalina S.L.;5,00;21,00;1,05;6,05;`);
    const q3 = await authedInject(t, admin.cookie, { method: 'GET', url: '/api/admin/invoices/book/2026-Q3/csv?lang=en' });
    expect(q3.body).not.toContain(invoice.fullNumber);
    expect((await authedInject(t, admin.cookie, { method: 'GET', url: '/api/admin/invoices/book/2026-Q5/csv' })).statusCode).toBe(400);
  });

  it("writes each business's DAC7 consideration and fees per quarter", async () => {
    const { shop } = await octoberInvoice();
    const res = await authedInject(t, admin.cookie, { method: 'GET', url: '/api/admin/dac7/2026/csv?lang=en' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toContain(
      'Seller type;First name;Last name;Date of birth;Legal name;Trade name;Fiscal address;Tax ID;Tax ID issued by;VAT number;Business registration number;Permanent establishments;Account (IBAN);Account holder;Country of residence;Consideration Q1;Fees Q1;Sales Q1',
    );
    const row = lines.find((l) => l.includes(shop.business.taxId))!;
    // Two 25,00 € orders in October: fees 2 × (2,50 + 0,53) less the invoice's 0,01 € VAT adjustment (ADR 093);
    // the consideration is what givers paid net of those fees, 50,00 − 6,05. The seller's own
    // Annex V fields, not given yet, are empty (dac7-seller-export.int.test.ts checks them).
    expect(row).toBe(
      `Entity;;;;Horchatería Santa Catalina S.L.;Horchatería Santa Catalina;Plaça de Santa Caterina 6, 46001 València;${shop.business.taxId};ES;;;;;;ES;0,00;0,00;0;0,00;0,00;0;0,00;0,00;0;43,95;6,05;2;43,95;6,05;2`,
    );
  });

  it('reports DAC7 consideration net of the commission and its VAT, and leaves out a sale refunded in full', async () => {
    const shop = await invoicedShop(t);
    await shop.sell(new Date('2026-10-05T10:00:00Z'));
    // Paid on the last day of September, withdrawn in October: not a relevant activity in either quarter.
    const withdrawn = await shop.sell(new Date('2026-09-30T10:00:00Z'));
    const { recordOrderRefund, paidAmountsOf } = await import('../ledger/record-payment');
    await recordOrderRefund(t.database.db, paidAmountsOf(withdrawn), { refundRef: null, at: new Date('2026-10-02T10:00:00Z') });

    const res = await authedInject(t, admin.cookie, { method: 'GET', url: '/api/admin/dac7/2026/csv?lang=en' });
    expect(res.statusCode).toBe(200);
    const cells = res.body.slice(1).split('\r\n').find((l) => l.includes(shop.business.taxId))!.split(';');
    const quarter = (q: number) => cells.slice(15 + (q - 1) * 3, 18 + (q - 1) * 3);
    // The kept 25,00 € sale: 25,00 − 2,50 commission − 0,53 VAT = 21,97 € consideration, 3,03 € fees, one sale.
    expect(quarter(3)).toEqual(['0,00', '0,00', '0']);
    expect(quarter(4)).toEqual(['21,97', '3,03', '1']);
    expect(cells.slice(27)).toEqual(['21,97', '3,03', '1']);
  });

  it('tells the team which businesses cannot be invoiced and what they lack', async () => {
    const blank = await invoicedShop(t, { legalName: null, fiscalAddress: null });
    const res = await authedInject(t, admin.cookie, { method: 'GET', url: '/api/admin/invoices/missing-data' });
    expect((res.json() as MissingInvoicingData).businesses.find((b) => b.id === blank.business.id)).toEqual({ id: blank.business.id, name: 'Horchatería Santa Catalina', missing: ['legalName', 'fiscalAddress'] });
  });

  it('asks the owner for the invoicing data on the dashboard, and saving it clears the task', async () => {
    const blank = await invoicedShop(t, { legalName: null, fiscalAddress: null });
    const before = await authedInject(t, blank.cookie, { method: 'GET', url: '/api/business/me' });
    expect(before.json()).toMatchObject({ legalName: null, fiscalAddress: null, invoicingDataMissing: ['legalName', 'fiscalAddress'] });
    const saved = await authedInject(t, blank.cookie, {
      method: 'PATCH',
      url: '/api/business/me',
      payload: { legalName: '  Horchatería Santa Catalina S.L. ', fiscalAddress: 'Plaça de Santa Caterina 6, 46001 València' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ legalName: 'Horchatería Santa Catalina S.L.', invoicingDataMissing: [], verificationStatus: 'approved' });
    const tooLong = await authedInject(t, blank.cookie, { method: 'PATCH', url: '/api/business/me', payload: { fiscalAddress: 'x'.repeat(301) } });
    expect(tooLong.statusCode).toBe(400);
  });
});
