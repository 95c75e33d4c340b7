import { eq } from 'drizzle-orm';
import type { DashboardBusiness, InvoicingDetails } from '@shared/contracts/business-dashboard';
import { businesses } from '../../../db/schema/businesses';
import type { AppContext } from '../../../platform/context';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { toDashboardBusiness } from './get-dashboard-business';

/**
 * The dashboard's invoicing-details task: the legal name and fiscal address Regalo's
 * commission invoices name (ADR 061) and the Valencia district the catalogue filters by, for
 * a business registered before the wizard asked for them. The caller's own business only;
 * none of these says who the business is (ADR 034), so no new review.
 */
export async function updateInvoicingDetails(ctx: Pick<AppContext, 'db' | 'now'>, userId: string, input: InvoicingDetails): Promise<DashboardBusiness> {
  return ctx.db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId);
    const [updated] = await tx
      .update(businesses)
      .set({ legalName: input.legalName, fiscalAddress: input.fiscalAddress, district: input.district, updatedAt: ctx.now() })
      .where(eq(businesses.id, business.id))
      .returning();
    return toDashboardBusiness(tx, updated!);
  });
}
