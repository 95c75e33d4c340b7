import { and, asc, eq, inArray } from 'drizzle-orm';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { invoiceCancellations, invoiceLines, invoices, invoiceSubstitutions } from '../../db/schema/invoices';
import { orders } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import { recordInvoiceVatAdjustment, undoInvoiceVatAdjustment } from './invoice-vat-adjustment';
import { isBaseInvoice, isLiveInvoice } from './live-invoice';
import { lockVerifactuChain, normalizeIssuerTaxId } from '../verifactu/verifactu-chain';
import { verifactuInstallationNumber } from '../verifactu/verifactu-installation-number';
import { writeInvoice } from './write-invoice';
import { missingInvoicingData } from '@shared/domain/invoices';
import { invoiceRecipientOf, shortOrder } from './invoice-recipient';
import { mailOwner } from './issue-invoice';

const notFound = () => new AppError('invoice_not_found', 404, 'No such invoice');

const sameParty = (a: { name: string; taxId: string; address: string }, b: { name: string; taxId: string; address: string }) =>
  a.name === b.name && a.taxId === b.taxId && a.address === b.address;

/**
 * Corrects the recipient's data (legal name, NIF, fiscal address) of an issued invoice the way
 * RD 1619/2012 art. 15 asks: a rectifying invoice by substitution (R1, TipoRectificativa S),
 * never a cancellation and a re-issue (ADR 061). The owner gives their business's invoicing
 * data first; this restates the invoice with them.
 *
 * What is replaced is the invoice's whole month-and-rate as it stands: its base invoice (the
 * F1, or the substitute that replaced it) and the live rectifying invoices by differences that
 * correct it, so a second correction replaces the first one's substitute. The substitute has
 * its own number in the rectifying series, the same lines per order (their amounts summed
 * over what it replaces), its VAT the rate on its base (ADR 093) and the current recipient;
 * the replaced invoices stay issued, their records are not annulled, and they stop counting.
 * Their VAT adjustments are undone and the substitute records its own, so the ledger still
 * says the invoice's VAT to the cent.
 *
 * One transaction under the issuer's chain lock, as issuing: numbered without a gap, chained
 * after the last record, the owner told by email.
 */
export async function rectifyInvoiceRecipient(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  userId: string,
  invoiceId: string,
): Promise<{ invoiceId: string; fullNumber: string }> {
  return ctx.db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId);
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    // Another business's invoice is "not found", as when reading it.
    if (!invoice || invoice.businessId !== business.id) throw notFound();
    // The substitute is issued as any invoice today: by the operator as configured, on its chain.
    const operator = ctx.config.operator;
    const issuerTaxId = normalizeIssuerTaxId(operator.taxId);
    await lockVerifactuChain(tx, issuerTaxId);
    // The clock is read under the lock, so records are generated in chain order.
    const now = ctx.now();

    const [cancelled] = await tx.select({ at: invoiceCancellations.createdAt }).from(invoiceCancellations).where(eq(invoiceCancellations.invoiceId, invoiceId));
    if (cancelled) throw AppError.conflict('invoice_already_cancelled', 'This invoice is cancelled');
    const [replacedBy] = await tx
      .select({ fullNumber: invoices.fullNumber })
      .from(invoiceSubstitutions)
      .innerJoin(invoices, eq(invoices.id, invoiceSubstitutions.invoiceId))
      .where(eq(invoiceSubstitutions.substitutedInvoiceId, invoiceId));
    if (replacedBy) throw AppError.conflict('invoice_substituted', `This invoice was replaced by the rectifying invoice ${replacedBy.fullNumber}: correct that one`);

    const [data] = await tx
      .select({ legalName: businesses.legalName, taxId: businesses.taxId, fiscalAddress: businesses.fiscalAddress })
      .from(businesses)
      .where(eq(businesses.id, business.id));
    if (missingInvoicingData(data!).length > 0) throw AppError.conflict('invoicing_data_missing', 'Complete the invoicing details first');
    const recipient = invoiceRecipientOf(data!);

    // The live invoices of the invoice's month and rate: one base invoice and what corrects it by differences.
    const live = await tx
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.businessId, invoice.businessId),
          eq(invoices.period, invoice.period),
          eq(invoices.vatRateBasisPoints, invoice.vatRateBasisPoints),
          isLiveInvoice(tx),
        ),
      )
      .orderBy(asc(invoices.createdAt), asc(invoices.number));
    const [base] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(inArray(invoices.id, live.map((i) => i.id)), isBaseInvoice(tx)));
    if (!base || !live.some((i) => i.id === invoiceId)) throw new Error(`Invoice ${invoice.fullNumber} has no live base invoice in its month`);
    if (live.every((i) => sameParty({ name: i.recipientName, taxId: i.recipientTaxId, address: i.recipientAddress }, recipient))) {
      throw AppError.conflict('invoice_recipient_unchanged', 'The invoice already names the business as its invoicing details say');
    }

    // Each order's commission over what is replaced, in the order the orders were first invoiced.
    const lines = await tx
      .select({ orderId: invoiceLines.orderId, description: invoiceLines.description, baseCents: invoiceLines.baseCents, vatCents: invoiceLines.vatCents, invoiceId: invoiceLines.invoiceId })
      .from(invoiceLines)
      .where(inArray(invoiceLines.invoiceId, live.map((i) => i.id)));
    const rank = new Map(live.map((i, n) => [i.id, n]));
    lines.sort((a, b) => rank.get(a.invoiceId)! - rank.get(b.invoiceId)!);
    const perOrder = new Map<string, { orderId: string | null; description: string; baseCents: number; vatCents: number }>();
    lines.forEach((line, n) => {
      const key = line.orderId ?? `line:${n}`;
      const sum = perOrder.get(key) ?? { orderId: line.orderId, description: line.description, baseCents: 0, vatCents: 0 };
      perOrder.set(key, { ...sum, baseCents: sum.baseCents + line.baseCents, vatCents: sum.vatCents + line.vatCents });
    });
    const orderIds = [...perOrder.values()].flatMap((l) => (l.orderId ? [l.orderId] : []));
    const names = new Map(
      (orderIds.length ? await tx.select({ id: orders.id, name: gifts.name }).from(orders).innerJoin(gifts, eq(gifts.id, orders.giftId)).where(inArray(orders.id, orderIds)) : []).map((o) => [
        o.id,
        o.name,
      ]),
    );
    const newLines = [...perOrder.values()]
      .filter((l) => l.baseCents !== 0 || l.vatCents !== 0)
      .map((l) => ({
        ...l,
        // The substitute reads as the full invoice it restates, not as "a correction of" it.
        description: l.orderId && names.has(l.orderId) ? `Comisión de intermediación: «${names.get(l.orderId)}» (pedido ${shortOrder(l.orderId)})` : l.description,
      }));
    const baseCents = newLines.reduce((sum, l) => sum + l.baseCents, 0);
    // Every order of the month refunded: there is nothing left to restate (the invoices net to zero).
    if (baseCents <= 0) throw AppError.conflict('invoice_nothing_to_rectify', 'What this invoice charged was refunded in full: there is nothing to restate');

    const written = await writeInvoice(
      tx,
      { name: operator.name, taxId: issuerTaxId, address: operator.address, installationNumber: verifactuInstallationNumber(ctx.config.publicUrl) },
      {
        businessId: invoice.businessId,
        type: 'R1',
        period: invoice.period,
        recipient,
        vatRateBasisPoints: invoice.vatRateBasisPoints,
        lines: newLines,
        correctsInvoiceId: base.id,
      },
      now,
    );
    await tx.insert(invoiceSubstitutions).values(live.map((i) => ({ invoiceId: written.id, substitutedInvoiceId: i.id })));
    for (const replaced of live) await undoInvoiceVatAdjustment(tx, replaced.id, now);
    await recordInvoiceVatAdjustment(
      tx,
      { id: written.id, fullNumber: written.fullNumber, businessId: invoice.businessId, vatCents: written.vatCents, withheldVatCents: newLines.reduce((sum, l) => sum + l.vatCents, 0) },
      now,
    );
    await mailOwner(tx, ctx, invoice.businessId, written.id);
    return { invoiceId: written.id, fullNumber: written.fullNumber };
  });
}
