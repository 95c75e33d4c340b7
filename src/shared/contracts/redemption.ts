import { z } from 'zod';
import { orderStatuses } from '../domain/order-status';

export { redemptionErrorCodes, refusalForStatus, type RedemptionErrorCode } from './redemption-refusal';

/**
 * Redemption at the counter (DESIGN.md §5), for the owner of an ACTIVE business only
 * (401 `unauthenticated`, 403 `no_business`, 403 `business_inactive`).
 *
 * POST /api/business/redemptions/lookup  body redemptionLookupInputSchema → 200 redemptionOrderSchema
 *      `code` is the whole code, the gift page URL a QR scan yields, or the code's last 8
 *      characters. The last 8 are matched ONLY among the caller's orders and are rate-limited
 *      per business (429 `rate_limited`, Retry-After). Any status is returned (the screen
 *      explains why a redeemed, expired, cancelled or unpaid gift cannot be redeemed).
 *      400 `redemption_code_invalid` (neither shape), 404 `order_not_found`,
 *      403 `order_other_business` (a whole code of another business's order),
 *      409 `redemption_code_ambiguous` (two of the caller's orders end the same way).
 * POST /api/business/redemptions         body redeemInputSchema → 200 redemptionOrderSchema
 *      One conditional update (paid, not expired, the caller's business) plus the redemption
 *      record and the giver's "your gift was enjoyed" email, in one transaction. Refusals:
 *      409 `order_already_redeemed` | `order_expired` | `order_cancelled` | `order_not_paid`,
 *      403 `order_other_business`, 404 `order_not_found`. A refusal changes nothing.
 */

export const redemptionMethods = ['scan', 'manual'] as const;
export type RedemptionMethod = (typeof redemptionMethods)[number];

export const redemptionLookupInputSchema = z.object({
  // Long enough for a gift URL; the shape is checked by parseRedemptionInput.
  code: z.string().max(512),
});
export type RedemptionLookupInput = z.infer<typeof redemptionLookupInputSchema>;

export const redeemInputSchema = z.object({
  orderId: z.uuid(),
  method: z.enum(redemptionMethods),
});
export type RedeemInput = z.infer<typeof redeemInputSchema>;

/** What the counter sees of an order: enough to recognise the gift, nothing more. */
export const redemptionOrderSchema = z.object({
  orderId: z.string(),
  giftName: z.string(),
  recipientName: z.string(),
  /** The effective status: a paid order past its expiry is `expired`. */
  status: z.enum(orderStatuses),
  expiresAt: z.string(),
  redeemedAt: z.string().nullable(),
  /** The code's last 8 characters, as printed on the gift page. */
  codeSuffix: z.string(),
});
export type RedemptionOrder = z.infer<typeof redemptionOrderSchema>;

