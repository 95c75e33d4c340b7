import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceList, RectifyInvoiceResult, VerifactuSubmissionPage } from '@shared/contracts/invoices';
import { invoiceCancellations, invoiceSubstitutions, verifactuRecords } from '../../db/schema/invoices';
import { ledgerEntries } from '../../db/schema/payouts';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { paidAmountsOf, recordOrderRefund } from '../ledger/record-payment';
import { loadInvoiceDocument } from './load-invoice-document';
import { getBusinessBalances } from '../ledger/ledger-balances';
import { buildRegFactuRequest } from '../../platform/verifactu/build-verifactu-request';
import { childOf, childrenOf, parseXml, textAt } from '../../platform/verifactu/minimal-xml';
import { fingerprintOfRecordXml, recordSchemaProblem } from '../../testing/aeat-stand-in';
import { authedInject } from '../../testing/auth-helpers';
import { signedInUser } from '../../testing/dashboard-test-world';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createDatabaseVerifactuQueue } from '../verifactu/database-verifactu-queue';
import { createClock, invoicedShop, invoiceInvariants, invoicesOf, linesOf, recordsOf } from './invoice-test-world';
import { issueDueInvoices } from './issue-due-invoices';

// 1 November 2026, 00:30 in Madrid: October has just ended.
const FIRST_OF_NOVEMBER = new Date('2026-10-31T23:30:00Z');
const system = { producerName: 'Regalo Pruebas SL', producerTaxId: 'B12345674', name: 'Regalo', id: 'RG', version: '0.1.0' };

describe('correcting the recipient of an issued invoice: a rectifying invoice by substitution', () => {
  const clock = createClock(FIRST_OF_NOVEMBER);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(FIRST_OF_NOVEMBER));

  async function octoberInvoice() {
    const shop = await invoicedShop(t);
    const a = await shop.sell(new Date('2026-10-05T10:00:00Z'));
    const b = await shop.sell(new Date('2026-10-06T10:00:00Z'));
    await issueDueInvoices(t.app.ctx);
    const [f1] = await invoicesOf(t, shop.business.id);
    return { shop, orders: [a, b], f1: f1! };
  }
  const rename = (cookie: string, legalName: string, fiscalAddress = 'Carrer de Cuba 3, 46006 València') =>
    authedInject(t, cookie, { method: 'PUT', url: '/api/business/invoicing-details', payload: { legalName, fiscalAddress, district: 'eixample' } });
  const rectify = (cookie: string | null, invoiceId: string) => authedInject(t, cookie, { method: 'POST', url: `/api/business/invoices/${invoiceId}/rectify` });
  const listOf = async (cookie: string) => ((await authedInject(t, cookie, { method: 'GET', url: '/api/business/invoices' })).json() as InvoiceList).invoices;
  /** The record of `invoiceId` as the sender would put it in the XML. */
  async function sentXmlOf(invoiceId: string) {
    const pending = await createDatabaseVerifactuQueue(t.database.db).loadPending(1000, clock.now());
    const record = pending.find((r) => r.invoice.id === invoiceId && r.kind === 'alta')!;
    const envelope = parseXml(buildRegFactuRequest([record], system));
    return { record, alta: childrenOf(childOf(childOf(envelope, 'Body'), 'RegFactuSistemaFacturacion')!, 'RegistroFactura')[0]!.children[0]! };
  }

  it('issues an R1 by substitution with its own number, the new recipient and the full amounts; the F1 stays issued and its record is not annulled', async () => {
    const { shop, orders, f1 } = await octoberInvoice();
    const [f1Record] = await recordsOf(t, [f1.id]);
    const balancesBefore = await getBusinessBalances(t.database.db, shop.business.id);
    // The owner corrects the invoicing details; the invoice list offers the correction.
    expect((await rename(shop.cookie, 'Horchatería Santa Catalina Hermanos S.L.')).statusCode).toBe(200);
    expect((await listOf(shop.cookie)).find((i) => i.id === f1.id)).toMatchObject({ recipientOutdated: true, substitutedByFullNumber: null, bySubstitution: false });

    clock.set(new Date('2026-11-04T09:00:00Z'));
    const res = await rectify(shop.cookie, f1.id);
    expect(res.statusCode, res.body).toBe(201);
    const { id, fullNumber } = res.json() as RectifyInvoiceResult;

    const [original, r1, ...others] = await invoicesOf(t, shop.business.id);
    expect(others).toEqual([]);
    // The original, untouched.
    expect(original).toEqual(f1);
    expect(await t.database.db.select().from(invoiceCancellations).where(eq(invoiceCancellations.invoiceId, f1.id))).toEqual([]);
    expect(await recordsOf(t, [f1.id])).toEqual([f1Record]);
    expect(r1).toMatchObject({
      id,
      fullNumber,
      type: 'R1',
      series: 'RR2026',
      period: '2026-10',
      issueDate: '2026-11-04',
      correctsInvoiceId: f1.id,
      recipientName: 'Horchatería Santa Catalina Hermanos S.L.',
      recipientTaxId: f1.recipientTaxId,
      recipientAddress: 'Carrer de Cuba 3, 46006 València',
      baseCents: 500,
      vatRateBasisPoints: 2100,
      vatCents: 105,
      totalCents: 605,
    });
    expect(fullNumber).toBe(`RR2026-${String(r1!.number).padStart(6, '0')}`);
    expect((await linesOf(t, id)).map((l) => [l.orderId, l.baseCents, l.vatCents, l.description])).toEqual(
      orders.map((o) => [o.id, 250, 53, `Comisión de intermediación: «Horchata y fartons» (pedido ${o.id.slice(0, 8).toUpperCase()})`]),
    );
    expect(await t.database.db.select().from(invoiceSubstitutions).where(eq(invoiceSubstitutions.invoiceId, id))).toEqual([{ invoiceId: id, substitutedInvoiceId: f1.id }]);

    // Its registration record extends the chain, and the alta fields hash as the AEAT's do.
    const [record] = await recordsOf(t, [id]);
    expect(record).toMatchObject({ kind: 'alta', tipoFactura: 'R1', numSerie: fullNumber, fechaExpedicion: '04-11-2026', cuotaTotal: '1.05', importeTotal: '6.05' });
    const { alta } = await sentXmlOf(id);
    expect(recordSchemaProblem(alta)).toBeUndefined();
    expect(textAt(alta, 'TipoFactura')).toBe('R1');
    expect(textAt(alta, 'TipoRectificativa')).toBe('S');
    expect(childOf(childOf(alta, 'FacturasRectificadas'), 'IDFacturaRectificada')!.children.map((c) => [c.name, c.text])).toEqual([
      ['IDEmisorFactura', t.config.operator.taxId],
      ['NumSerieFactura', f1.fullNumber],
      ['FechaExpedicionFactura', '01-11-2026'],
    ]);
    expect(childOf(alta, 'ImporteRectificacion')!.children.map((c) => [c.name, c.text])).toEqual([
      ['BaseRectificada', '5.00'],
      ['CuotaRectificada', '1.05'],
    ]);
    expect(textAt(alta, 'Destinatarios', 'IDDestinatario', 'NombreRazon')).toBe('Horchatería Santa Catalina Hermanos S.L.');
    expect(textAt(alta, 'Desglose', 'DetalleDesglose', 'BaseImponibleOimporteNoSujeto')).toBe('5.00');
    expect(textAt(alta, 'ImporteTotal')).toBe('6.05');
    expect(fingerprintOfRecordXml(alta)).toBe(record!.fingerprint);
    expect(await invoiceInvariants(t.database.db)).toMatchObject({ problems: [] });

    // The money does not move: the F1's VAT adjustment is undone and the R1's is the same.
    expect(await getBusinessBalances(t.database.db, shop.business.id)).toEqual(balancesBefore);
    // The owner is told, and the list shows both.
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'invoice-issued'));
    expect(mails.some((m) => m.text.includes(fullNumber))).toBe(true);
    const list = await listOf(shop.cookie);
    expect(list.find((i) => i.id === id)).toMatchObject({ type: 'R1', bySubstitution: true, correctsFullNumber: f1.fullNumber, recipientOutdated: false, cancelledAt: null });
    expect(list.find((i) => i.id === f1.id)).toMatchObject({ substitutedByFullNumber: fullNumber, recipientOutdated: false, cancelledAt: null });

    // The platform team's list of records shows the R1 by substitution.
    const admin = await signedInUser(t, 'admin');
    const records = (await authedInject(t, admin.cookie, { method: 'GET', url: '/api/admin/verifactu/submissions' })).json() as VerifactuSubmissionPage;
    expect(records.items.find((i) => i.invoiceId === id)).toMatchObject({ kind: 'alta', fullNumber, invoiceType: 'R1', rectificationType: 'S', state: 'pending' });
    expect(records.items.find((i) => i.invoiceId === f1.id)).toMatchObject({ kind: 'alta', invoiceType: 'F1', rectificationType: null });
    expect(records.items.filter((i) => i.invoiceId === f1.id)).toHaveLength(1);

    // The document says it is rectifying, what it rectifies, how and why, and what the original said.
    const document = await loadInvoiceDocument(t.database.db, id);
    expect(document).toMatchObject({
      corrects: { fullNumber: f1.fullNumber, issueDate: '2026-11-01' },
      substitutes: { reason: 'recipient', invoices: [{ fullNumber: f1.fullNumber, baseCents: 500, vatCents: 105, recipient: { name: 'Horchatería Santa Catalina S.L.' } }] },
    });
    const page = await authedInject(t, shop.cookie, { method: 'GET', url: `/api/business/invoices/${id}/html?lang=es` });
    expect(page.statusCode).toBe(200);
    for (const text of ['Factura rectificativa', 'Rectificativa por sustitución', f1.fullNumber, 'Corrección de los datos del destinatario', 'Horchatería Santa Catalina S.L.']) {
      expect(page.body).toContain(text);
    }
    const replaced = await authedInject(t, shop.cookie, { method: 'GET', url: `/api/business/invoices/${f1.id}/html?lang=es` });
    expect(replaced.body).toContain(`Sustituida por la factura rectificativa ${fullNumber}`);
  });

  it('refuses what is not a correction, and a replaced or cancelled invoice, changing nothing', async () => {
    const { shop, f1 } = await octoberInvoice();
    const countRecords = async () => (await t.database.db.select().from(verifactuRecords)).length;
    const before = await countRecords();
    // Nothing changed in the invoicing details.
    const unchanged = await rectify(shop.cookie, f1.id);
    expect([unchanged.statusCode, unchanged.json().code]).toEqual([409, 'invoice_recipient_unchanged']);
    // Anonymous, another owner, a giver, the platform team.
    expect((await rectify(null, f1.id)).statusCode).toBe(401);
    const other = await invoicedShop(t);
    expect((await rename(shop.cookie, 'Otro Nombre S.L.')).statusCode).toBe(200);
    expect((await rectify(other.cookie, f1.id)).statusCode).toBe(404);
    expect((await rectify((await signedInUser(t, 'user')).cookie, f1.id)).statusCode).toBe(403);
    expect((await rectify((await signedInUser(t, 'admin')).cookie, f1.id)).statusCode).toBe(403);
    expect((await rectify(shop.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await countRecords()).toBe(before);

    const first = (await rectify(shop.cookie, f1.id)).json() as RectifyInvoiceResult;
    const again = await rectify(shop.cookie, f1.id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'invoice_substituted']);
    // The platform team cannot cancel what a substitution replaced, nor the substitute.
    const admin = await signedInUser(t, 'admin');
    const cancelReplaced = await authedInject(t, admin.cookie, { method: 'POST', url: `/api/admin/invoices/${f1.id}/cancel`, payload: { reason: 'x' } });
    expect([cancelReplaced.statusCode, cancelReplaced.json().code]).toEqual([409, 'invoice_substituted']);
    const cancelSubstitute = await authedInject(t, admin.cookie, { method: 'POST', url: `/api/admin/invoices/${first.id}/cancel`, payload: { reason: 'x' } });
    expect([cancelSubstitute.statusCode, cancelSubstitute.json().code]).toEqual([409, 'invoice_is_substitute']);

    // A cancelled invoice is not corrected.
    const cancelledShop = await octoberInvoice();
    expect((await authedInject(t, admin.cookie, { method: 'POST', url: `/api/admin/invoices/${cancelledShop.f1.id}/cancel`, payload: { reason: 'Issued by mistake' } })).statusCode).toBe(200);
    expect((await rename(cancelledShop.shop.cookie, 'Nuevo Nombre S.L.')).statusCode).toBe(200);
    const cancelled = await rectify(cancelledShop.shop.cookie, cancelledShop.f1.id);
    expect([cancelled.statusCode, cancelled.json().code]).toEqual([409, 'invoice_already_cancelled']);
    expect(await invoiceInvariants(t.database.db)).toMatchObject({ problems: [] });
  });

  it('rectifies the latest state: a second correction replaces the first substitute, and after a refund the substitute and its R1 by differences together', async () => {
    const { shop, orders, f1 } = await octoberInvoice();
    await rename(shop.cookie, 'Primer Nombre S.L.');
    const first = (await rectify(shop.cookie, f1.id)).json() as RectifyInvoiceResult;
    await rename(shop.cookie, 'Segundo Nombre S.L.');
    const second = await rectify(shop.cookie, first.id);
    expect(second.statusCode, second.body).toBe(201);
    const secondId = (second.json() as RectifyInvoiceResult).id;
    const { alta } = await sentXmlOf(secondId);
    expect(recordSchemaProblem(alta)).toBeUndefined();
    expect(childrenOf(childOf(alta, 'FacturasRectificadas')!, 'IDFacturaRectificada').map((e) => textAt(e, 'NumSerieFactura'))).toEqual([first.fullNumber]);
    expect(textAt(alta, 'Destinatarios', 'IDDestinatario', 'NombreRazon')).toBe('Segundo Nombre S.L.');
    expect((await invoicesOf(t, shop.business.id)).find((i) => i.id === secondId)).toMatchObject({ correctsInvoiceId: first.id, baseCents: 500, vatCents: 105 });

    // A withdrawal after the correction: the job's R1 by differences corrects the latest substitute.
    clock.set(new Date('2026-11-05T10:00:00Z'));
    await recordOrderRefund(t.database.db, paidAmountsOf(orders[0]!), { refundRef: null, at: clock.now() });
    clock.set(new Date('2026-11-05T11:00:00Z'));
    await issueDueInvoices(t.app.ctx);
    const byDifferences = (await invoicesOf(t, shop.business.id)).at(-1)!;
    expect(byDifferences).toMatchObject({ type: 'R1', correctsInvoiceId: secondId, baseCents: -250, recipientName: 'Segundo Nombre S.L.' });
    expect(await t.database.db.select().from(invoiceSubstitutions).where(eq(invoiceSubstitutions.invoiceId, byDifferences.id))).toEqual([]);

    // A third correction replaces both live invoices of October: what they charged, summed.
    await rename(shop.cookie, 'Tercer Nombre S.L.');
    const third = await rectify(shop.cookie, byDifferences.id);
    expect(third.statusCode, third.body).toBe(201);
    const thirdId = (third.json() as RectifyInvoiceResult).id;
    const replaced = await t.database.db.select().from(invoiceSubstitutions).where(eq(invoiceSubstitutions.invoiceId, thirdId));
    expect(replaced.map((r) => r.substitutedInvoiceId).sort()).toEqual([secondId, byDifferences.id].sort());
    const thirdXml = (await sentXmlOf(thirdId)).alta;
    expect(recordSchemaProblem(thirdXml)).toBeUndefined();
    expect(childOf(thirdXml, 'ImporteRectificacion')!.children.map((c) => c.text)).toEqual(['2.50', '0.52']);
    expect((await linesOf(t, thirdId)).map((l) => [l.orderId, l.baseCents])).toEqual([[orders[1]!.id, 250]]);
    expect((await invoicesOf(t, shop.business.id)).find((i) => i.id === thirdId)).toMatchObject({ baseCents: 250, vatCents: 53, correctsInvoiceId: secondId });

    // Nothing is left uninvoiced or invoiced twice: the next run issues nothing for October.
    const before = (await invoicesOf(t, shop.business.id)).length;
    await issueDueInvoices(t.app.ctx);
    expect(await invoicesOf(t, shop.business.id)).toHaveLength(before);
    // Ledger, invoice and statement say the same VAT: Regalo's VAT in the ledger is the live invoice's.
    const adjustments = await t.database.db.select().from(ledgerEntries).where(inArray(ledgerEntries.kind, ['invoice_vat_charged', 'invoice_vat_credited']));
    expect(adjustments.length).toBeGreaterThan(0);
    expect((await getBusinessBalances(t.database.db, shop.business.id)).commissionVat).toBe(53);
    expect(await invoiceInvariants(t.database.db)).toMatchObject({ problems: [] });
  });
});
