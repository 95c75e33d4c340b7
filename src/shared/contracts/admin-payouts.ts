import { z } from 'zod';
import { transferStates } from '../domain/payouts';
import { payoutAccountStatuses, reconciliationDifferenceSchema, transferSchema } from './payouts';

/**
 * The platform team's payouts view (ADR 053). Admin only (401 / 403 otherwise).
 * GET  /api/admin/payouts?state=due|sent|failed|reversed|cancelled  → adminPayoutsSchema
 *      (`failed` when absent): the approved businesses that cannot be paid yet, the transfers
 *      in that state (newest first) and the reconciliation's differences (newest first).
 * POST /api/admin/transfers/:id/retry                             → 204
 *      a due or failed transfer goes out at the next run of the transfers job (audit-logged);
 *      409 `transfer_not_retryable` otherwise, 404 `transfer_not_found`.
 */
export const adminPayoutsQuerySchema = z.object({ state: z.enum(transferStates).default('failed') });

export const unpayableBusinessSchema = z.object({
  businessId: z.string(),
  businessName: z.string(),
  status: z.enum(payoutAccountStatuses),
  requirementsDue: z.array(z.string()),
  disabledReason: z.string().nullable(),
});
export type UnpayableBusiness = z.infer<typeof unpayableBusinessSchema>;

export const adminTransferSchema = transferSchema.extend({ businessName: z.string() });
export type AdminTransfer = z.infer<typeof adminTransferSchema>;

export const adminPayoutsSchema = z.object({
  unpayable: z.array(unpayableBusinessSchema),
  transfers: z.array(adminTransferSchema),
  differences: z.array(reconciliationDifferenceSchema.extend({ businessName: z.string().nullable() })),
});
export type AdminPayouts = z.infer<typeof adminPayoutsSchema>;

export const ADMIN_DIFFERENCE_LIMIT = 100;
export const adminPayoutErrorCodes = ['transfer_not_found', 'transfer_not_retryable'] as const;
