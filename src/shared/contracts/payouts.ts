import { z } from 'zod';
import { ledgerKinds, reconciliationDifferenceKinds, transferStates } from '../domain/payouts';

/**
 * Money out (ADR 053): a business's payout account, its balances and its transfers.
 *
 * Owner (the business the signed-in user owns; 401 anonymous, 403 `no_business` otherwise):
 * GET  /api/business/payout-account             → payoutAccountSchema
 * POST /api/business/payout-account/onboarding  → onboardingLinkSchema: where to send the
 *      owner's browser (Stripe's hosted onboarding, or the test provider's page); creates the
 *      connected account the first time. 409 `business_not_approved` before approval.
 * GET  /api/business/payouts                    → businessPayoutsSchema (balances + transfers)
 * Test provider only (404 otherwise), the owner's own account:
 * POST /api/payouts/test/onboarding/:outcome    outcome complete|incomplete → payoutAccountSchema
 *
 * Stripe sends `account.updated`, `transfer.*` and `payout.*` to the same webhook as checkout
 * (POST /api/payments/stripe/webhook).
 */

/**
 * What the owner is told, from the stored account state:
 * - not_connected: no payout account yet (the one button: connect);
 * - incomplete: onboarding not finished (details not submitted; the button: continue);
 * - restricted: submitted, but the provider cannot send transfers (requirements due, or disabled);
 * - active: transfers can be received; the business's gifts are on sale.
 */
export const payoutAccountStatuses = ['not_connected', 'incomplete', 'restricted', 'active'] as const;
export type PayoutAccountStatus = (typeof payoutAccountStatuses)[number];

export const payoutAccountSchema = z.object({
  status: z.enum(payoutAccountStatuses),
  provider: z.enum(['test', 'stripe']).nullable(),
  detailsSubmitted: z.boolean(),
  payoutsEnabled: z.boolean(),
  /** The account can receive Regalo's transfers: the listing rule (domain/catalog). */
  transfersActive: z.boolean(),
  /** The provider's field names still needed (e.g. `external_account`, `individual.id_number`). */
  requirementsDue: z.array(z.string()),
  /** Asked for later, not yet due. */
  requirementsEventuallyDue: z.array(z.string()),
  /** ISO instant by which requirementsDue must be given, or the account is restricted; null when none. */
  requirementsDeadline: z.string().nullable(),
  /** The provider's reason, e.g. `requirements.past_due`, `rejected.fraud`; null when none. */
  disabledReason: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const onboardingLinkSchema = z.object({ url: z.string() });
export type OnboardingLink = z.infer<typeof onboardingLinkSchema>;

export const testOnboardingParamsSchema = z.object({ outcome: z.enum(['complete', 'incomplete']) });

/** Cents; sums over the ledger at the moment of the request (never stored totals). */
export const payoutBalancesSchema = z.object({
  /** Regalo holds it for the business: paid orders whose share has not left yet. */
  owed: z.number().int(),
  /** In the business's payout account, not yet paid to its bank. */
  inTransit: z.number().int(),
  /** Paid to its bank. */
  paidOut: z.number().int(),
  /** Regalo's commission on this business's orders (net of refunds), and its VAT. */
  commission: z.number().int(),
  commissionVat: z.number().int(),
});
export type PayoutBalances = z.infer<typeof payoutBalancesSchema>;

export const transferSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  businessId: z.string(),
  /** Gift name and the recipient of the order it pays for. */
  giftName: z.string(),
  recipientName: z.string(),
  /** Cents: the order's business share. */
  amount: z.number().int(),
  state: z.enum(transferStates),
  attempts: z.number().int(),
  /** due/failed: when it goes (or is retried); null otherwise. */
  nextAttemptAt: z.string().nullable(),
  /** The last refusal, in the provider's words (shown to the owner and the admin). */
  lastError: z.string().nullable(),
  providerTransferId: z.string().nullable(),
  sentAt: z.string().nullable(),
  reversedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

export const businessPayoutsSchema = z.object({
  account: payoutAccountSchema,
  balances: payoutBalancesSchema,
  /** Newest first, at most TRANSFER_LIST_LIMIT. */
  transfers: z.array(transferSchema),
});
export type BusinessPayouts = z.infer<typeof businessPayoutsSchema>;
export const TRANSFER_LIST_LIMIT = 100;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ledgerKinds),
  amount: z.number().int(),
  businessId: z.string().nullable(),
  orderId: z.string().nullable(),
  checkoutId: z.string().nullable(),
  providerRef: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const reconciliationDifferenceSchema = z.object({
  id: z.string(),
  runId: z.string(),
  kind: z.enum(reconciliationDifferenceKinds),
  providerRef: z.string(),
  ledgerAmount: z.number().int().nullable(),
  providerAmount: z.number().int().nullable(),
  businessId: z.string().nullable(),
  createdAt: z.string(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

export const payoutErrorCodes = ['business_not_approved', 'payout_provider_failed'] as const;
