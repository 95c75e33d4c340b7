import { and, eq, notExists, sql } from 'drizzle-orm';
import { invoiceCancellations, invoices, invoiceSubstitutions } from '../../db/schema/invoices';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { appendVerifactuRecord, lockVerifactuChain } from '../verifactu/verifactu-chain';
import { verifactuInstallationNumber } from '../verifactu/verifactu-installation-number';
import { aeatDate } from '../../platform/verifactu/aeat-formats';
import { undoInvoiceVatAdjustment } from './invoice-vat-adjustment';
import { recordAdminAction, type AdminActor } from '../../domain/admin/record-admin-action';

/**
 * Cancels an invoice issued by mistake: a cancellation row and a cancellation record
 * (registro de anulación) on the chain, never a deletion, audit-logged, in one transaction
 * under the chain lock. The invoice then no longer counts as invoiced, so the next invoicing
 * run issues what the ledger says is due with the data as it is now (ADR 061), and its VAT
 * adjustment is undone (ADR 093). A full
 * invoice that live rectifying invoices correct cannot be cancelled before them (409), nor can
 * an invoice a substitution replaced or the substitute itself (409): wrong recipient data are
 * corrected by a rectifying invoice by substitution, never by cancelling (RD 1619/2012 art. 15).
 */
export async function cancelInvoice(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, actor: AdminActor, invoiceId: string, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!invoice) throw new AppError('invoice_not_found', 404, 'No such invoice');
    await lockVerifactuChain(tx, invoice.issuerTaxId);
    const now = ctx.now();
    const [cancelled] = await tx.select({ at: invoiceCancellations.createdAt }).from(invoiceCancellations).where(eq(invoiceCancellations.invoiceId, invoiceId));
    if (cancelled) throw AppError.conflict('invoice_already_cancelled', 'This invoice is already cancelled');
    // What a substitution replaced, or the substitute itself, is no mistake to void: the
    // recipient's data are corrected by another rectifying invoice (ADR 061).
    const [replacedBy] = await tx
      .select({ fullNumber: invoices.fullNumber })
      .from(invoiceSubstitutions)
      .innerJoin(invoices, eq(invoices.id, invoiceSubstitutions.invoiceId))
      .where(eq(invoiceSubstitutions.substitutedInvoiceId, invoiceId));
    if (replacedBy) throw AppError.conflict('invoice_substituted', `This invoice was replaced by the rectifying invoice ${replacedBy.fullNumber}`);
    const [substitutes] = await tx.select({ one: sql`1` }).from(invoiceSubstitutions).where(eq(invoiceSubstitutions.invoiceId, invoiceId)).limit(1);
    if (substitutes) throw AppError.conflict('invoice_is_substitute', 'A rectifying invoice by substitution is corrected by another one, not cancelled');
    const [liveCorrection] = await tx
      .select({ fullNumber: invoices.fullNumber })
      .from(invoices)
      .where(
        and(
          eq(invoices.correctsInvoiceId, invoiceId),
          notExists(tx.select({ one: sql`1` }).from(invoiceCancellations).where(eq(invoiceCancellations.invoiceId, invoices.id))),
        ),
      );
    if (liveCorrection) throw AppError.conflict('invoice_has_rectifications', `Cancel the rectifying invoice ${liveCorrection.fullNumber} first`);

    await tx.insert(invoiceCancellations).values({ invoiceId, reason, actorId: actor.id, actorEmail: actor.email, createdAt: now });
    await undoInvoiceVatAdjustment(tx, invoiceId, now);
    await appendVerifactuRecord(tx, invoice.issuerTaxId, { kind: 'anulacion', invoiceId, numSerie: invoice.fullNumber, fechaExpedicion: aeatDate(invoice.issueDate), installationNumber: verifactuInstallationNumber(ctx.config.publicUrl) }, now);
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'invoice_cancelled',
        targetType: 'invoice',
        targetId: invoiceId,
        before: { fullNumber: invoice.fullNumber, cancelled: false },
        after: { fullNumber: invoice.fullNumber, cancelled: true },
        reason,
      },
      now,
    );
  });
}
