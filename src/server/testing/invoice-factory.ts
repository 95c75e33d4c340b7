import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { businesses } from '../db/schema/businesses';
import { invoices } from '../db/schema/invoices';
import { lockVerifactuChain, normalizeIssuerTaxId } from '../money/verifactu/verifactu-chain';
import { verifactuInstallationNumber } from '../money/verifactu/verifactu-installation-number';
import { madridDateOf } from '../money/verifactu/verifactu-formats';
import { writeInvoice } from '../money/invoices/write-invoice';

/**
 * An issued F1 of 2,50 € + 21 % for a business, numbered and chained as the invoicing run
 * does (same lock, same record), for tests that need an invoice to exist (access rules,
 * cancellation) without selling and waiting for a month to end. `recipientName` names the
 * business otherwise than its data do (an invoice whose recipient needs correcting).
 */
export async function createIssuedInvoice(db: Database, config: Config, businessId: string, at = new Date(), options: { recipientName?: string } = {}) {
  return db.transaction(async (tx) => {
    const issuerTaxId = normalizeIssuerTaxId(config.operator.taxId);
    await lockVerifactuChain(tx, issuerTaxId);
    const [business] = await tx.select().from(businesses).where(eq(businesses.id, businessId));
    const { id } = await writeInvoice(
      tx,
      { name: config.operator.name, taxId: issuerTaxId, address: config.operator.address, installationNumber: verifactuInstallationNumber(config.publicUrl) },
      {
        businessId,
        type: 'F1',
        period: madridDateOf(at).slice(0, 7),
        recipient: { name: options.recipientName ?? business!.legalName ?? `${business!.name} S.L.`, taxId: business!.taxId, address: business!.fiscalAddress ?? business!.address },
        vatRateBasisPoints: 2100,
        lines: [{ description: 'Comisión de intermediación', orderId: null, baseCents: 250, vatCents: 53 }],
        correctsInvoiceId: null,
      },
      at,
    );
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id));
    return invoice!;
  });
}
