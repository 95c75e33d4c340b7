import { asc, eq } from 'drizzle-orm';
import type { MissingInvoicingData } from '@shared/contracts/invoices';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { missingInvoicingData } from '@shared/domain/invoices';

/** Approved businesses that cannot be invoiced yet, and what each lacks: the admin's notice. */
export async function listMissingInvoicingData(db: Executor): Promise<MissingInvoicingData> {
  const rows = await db
    .select({ id: businesses.id, name: businesses.name, legalName: businesses.legalName, taxId: businesses.taxId, fiscalAddress: businesses.fiscalAddress })
    .from(businesses)
    .where(eq(businesses.verificationStatus, 'approved'))
    .orderBy(asc(businesses.name));
  return {
    businesses: rows.map((r) => ({ id: r.id, name: r.name, missing: missingInvoicingData(r) })).filter((r) => r.missing.length > 0),
  };
}
