import { and, eq } from 'drizzle-orm';
import type { InvoicingDataField } from '@shared/domain/invoices';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { businesses } from '../../db/schema/businesses';
import { invoices } from '../../db/schema/invoices';
import type { AppContext } from '../../platform/context';
import { lockVerifactuChain, normalizeIssuerTaxId } from '../verifactu/verifactu-chain';
import { verifactuInstallationNumber } from '../verifactu/verifactu-installation-number';
import { invoiceMailData } from './invoice-mail-data';
import { loadInvoiceDocument } from './load-invoice-document';
import { writeInvoice } from './write-invoice';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { findUninvoicedCommission, unitKey, type InvoicingUnit } from './find-uninvoiced-commission';
import { missingInvoicingData } from '@shared/domain/invoices';
import { recordInvoiceVatAdjustment } from './invoice-vat-adjustment';
import { isBaseInvoice, isLiveInvoice } from './live-invoice';
import { invoiceRecipientOf, shortOrder } from './invoice-recipient';

export type IssueOutcome =
  | { kind: 'issued'; invoiceId: string; fullNumber: string; type: 'F1' | 'R1' }
  | { kind: 'nothing_due' }
  | { kind: 'blocked'; missing: InvoicingDataField[] };

/**
 * Tells the business's owner, in their language, in the issuing transaction (the outbox row
 * exists if and only if the invoice does). A business whose owner left has nobody to tell.
 */
export async function mailOwner(tx: Executor, ctx: Pick<AppContext, 'config'>, businessId: string, invoiceId: string): Promise<void> {
  const [owner] = await tx
    .select({ name: users.name, email: users.email, locale: users.locale })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.ownerId))
    .where(eq(businesses.id, businessId));
  if (!owner) return;
  const document = await loadInvoiceDocument(tx, invoiceId);
  const locale = toMailLocale(owner.locale) ?? 'es';
  await enqueueMail(tx, {
    to: owner.email,
    template: 'invoice-issued',
    locale,
    data: invoiceMailData(document!, locale, { name: owner.name, invoiceUrl: `${ctx.config.publicUrl}/business/dashboard?tab=payouts` }),
  });
}

/**
 * Issues the one invoice a unit (a business's commission of one month at one VAT rate) is
 * due: a full invoice (F1) when it has no live one, otherwise a rectifying invoice (R1, by
 * differences) for what the ledger changed since, naming the live F1 it corrects (or the
 * rectifying invoice by substitution that replaced it, ADR 061).
 *
 * One transaction under the issuer's chain lock: re-reads what is due (another server may
 * have just issued it), takes the next number of the series (max + 1: nobody else numbers
 * while the lock is held, and a rollback gives the number back, so there is no gap), writes
 * the invoice, its lines and its registration record. A crash anywhere leaves none of them.
 */
export async function issueInvoice(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  unit: Pick<InvoicingUnit, 'businessId' | 'period' | 'vatRateBasisPoints'>,
  before: Date,
): Promise<IssueOutcome> {
  const operator = ctx.config.operator;
  const issuerTaxId = normalizeIssuerTaxId(operator.taxId);
  return ctx.db.transaction(async (tx) => {
    await lockVerifactuChain(tx, issuerTaxId);
    // The clock is read under the lock, so records are generated in chain order.
    const now = ctx.now();
    const key = unitKey(unit);
    const due = (await findUninvoicedCommission(tx, before, unit.businessId)).filter((o) => unitKey(o) === key);
    if (due.length === 0) return { kind: 'nothing_due' };

    const [business] = await tx
      .select({ legalName: businesses.legalName, taxId: businesses.taxId, fiscalAddress: businesses.fiscalAddress })
      .from(businesses)
      .where(eq(businesses.id, unit.businessId));
    const missing = missingInvoicingData(business ?? { legalName: null, taxId: null, fiscalAddress: null });
    if (missing.length > 0) return { kind: 'blocked', missing };

    const [corrected] = await tx
      .select({ id: invoices.id, fullNumber: invoices.fullNumber })
      .from(invoices)
      .where(
        and(
          eq(invoices.businessId, unit.businessId),
          eq(invoices.period, unit.period),
          eq(invoices.vatRateBasisPoints, unit.vatRateBasisPoints),
          isBaseInvoice(tx),
          isLiveInvoice(tx),
        ),
      );
    const type = corrected ? 'R1' : 'F1';
    const lines = due
      .map((o) => ({
        orderId: o.orderId,
        description: corrected
          ? `Rectificación de la comisión de intermediación: «${o.giftName}» (pedido ${shortOrder(o.orderId)})`
          : `Comisión de intermediación: «${o.giftName}» (pedido ${shortOrder(o.orderId)})`,
        baseCents: o.baseCents - o.invoicedBaseCents,
        vatCents: o.vatCents - o.invoicedVatCents,
      }))
      .filter((l) => l.baseCents !== 0 || l.vatCents !== 0);
    const baseCents = lines.reduce((sum, l) => sum + l.baseCents, 0);
    // An F1 charges something; an R1 changes the base (the CHECKs say the same).
    if (lines.length === 0 || (type === 'F1' ? baseCents <= 0 : baseCents === 0)) return { kind: 'nothing_due' };

    const { id, fullNumber, vatCents } = await writeInvoice(
      tx,
      { name: operator.name, taxId: issuerTaxId, address: operator.address, installationNumber: verifactuInstallationNumber(ctx.config.publicUrl) },
      {
        businessId: unit.businessId,
        type,
        period: unit.period,
        recipient: invoiceRecipientOf(business!),
        vatRateBasisPoints: unit.vatRateBasisPoints,
        lines,
        correctsInvoiceId: corrected?.id ?? null,
      },
      now,
    );
    // Rate × base and the per-order VAT withheld differ by rounding: one ledger row per invoice
    // moves the difference, so ledger, statement and invoice agree to the cent (ADR 093).
    await recordInvoiceVatAdjustment(tx, { id, fullNumber, businessId: unit.businessId, vatCents, withheldVatCents: lines.reduce((sum, l) => sum + l.vatCents, 0) }, now);
    await mailOwner(tx, ctx, unit.businessId, id);
    return { kind: 'issued', invoiceId: id, fullNumber, type };
  });
}
