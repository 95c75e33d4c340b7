import { z } from 'zod';
import { orderStatuses } from '../domain/order-status';

export { redemptionErrorCodes, refusalForStatus, type RedemptionErrorCode } from './redemption-refusal';

/**
 * Redemption at the counter (ADRs 033, 055), for the owner of an ACTIVE business only
 * (401 `unauthenticated`, 403 `no_business`, 403 `business_inactive`). Both calls take what
 * only the recipient holds — the whole code, the gift page URL a QR scan yields, or the
 * gift's typed code ("K7QD-M2XA", any case, dash optional) — and nothing else: a business
 * cannot redeem a gift without the person who received it (ADR 055).
 *
 * POST /api/business/redemptions/lookup  body redemptionLookupInputSchema → 200 redemptionOrderSchema
 *      A typed code is matched ONLY among the caller's orders, and typed codes are
 *      rate-limited per business (429 `rate_limited`, Retry-After). Any status is returned
 *      (the screen explains why a redeemed, expired, cancelled or unpaid gift cannot be
 *      redeemed). 400 `redemption_code_invalid` (none of the shapes), 404 `order_not_found`,
 *      403 `order_other_business` (a whole code of another business's order).
 * POST /api/business/redemptions         body redeemInputSchema → 200 redemptionOrderSchema
 *      The same code again. One conditional update (this code, paid, not expired, the
 *      caller's business) plus the redemption record and the giver's "your gift was enjoyed"
 *      email, in one transaction. Refusals: 409 `order_already_redeemed` | `order_expired` |
 *      `order_cancelled` | `order_not_paid`, 403 `order_other_business`, 404
 *      `order_not_found`, 400 `redemption_code_invalid`, 429 `rate_limited` (typed codes).
 *      A refusal changes nothing.
 */

export const redemptionMethods = ['scan', 'manual'] as const;
export type RedemptionMethod = (typeof redemptionMethods)[number];

export const redemptionLookupInputSchema = z.object({
  // Long enough for a gift URL; the shape is checked by parseRedemptionInput.
  code: z.string().max(512),
});
export type RedemptionLookupInput = z.infer<typeof redemptionLookupInputSchema>;

/** The recipient's code, as for the lookup; how it was given (scan or typed) follows from it. */
export const redeemInputSchema = z.object({
  code: z.string().max(512),
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
});
export type RedemptionOrder = z.infer<typeof redemptionOrderSchema>;

