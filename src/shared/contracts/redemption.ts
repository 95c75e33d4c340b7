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
 *      redeemed). A gift booked from its page carries its live booking (`booking`: start,
 *      party size, name, notes), so the counter sees whom it expects. 400 `redemption_code_invalid` (none of the shapes), 404 `order_not_found`,
 *      403 `order_other_business` (a whole code of another business's order).
 * POST /api/business/redemptions         body redeemInputSchema → 200 redemptionOrderSchema
 *      The same code again. One conditional update (this code, paid, not expired, the
 *      caller's business) plus the redemption record and the giver's "your gift was enjoyed"
 *      email, in one transaction. Refusals: 409 `order_already_redeemed` | `order_expired` |
 *      `order_cancelled` | `order_not_paid`, 403 `order_other_business`, 404
 *      `order_not_found`, 400 `redemption_code_invalid`, 429 `rate_limited` (typed codes).
 *      A refusal changes nothing.
 *      A gift card (ADR 104): with `amountCents` and `idempotencyKey`, spends that amount and
 *      answers the card with `redeemedCents` and `remainingCents`; a repeat of the key answers
 *      the same use and spends nothing more (the same key with another amount: 409
 *      `idempotency_key_reused`). More than the balance: 409 `insufficient_balance` with
 *      `availableCents`; a card without an amount: 400 (field `amountCents`); an amount for a
 *      fixed gift: 409 `gift_not_card`. The holder gets an email when their address is known.
 * POST /api/business/redemptions/uses/:useId/undo  body undoCardUseInputSchema → 200 redemptionOrderSchema
 *      Undoes one of the business's card uses within CARD_USE_UNDO_MINUTES (reason required):
 *      the balance comes back. 404 `card_use_not_found` (not the caller's), 409
 *      `undo_window_over` (the team can), `card_use_already_undone`, `card_not_live`
 *      (withdrawn, cancelled or expired since).
 * POST /api/admin/card-uses/:useId/undo  body undoCardUseInputSchema → 200 adminCardUseUndoneSchema
 *      The team's undo at any time (admins only), audited (`card_use_undone`).
 */

export const redemptionMethods = ['scan', 'manual'] as const;
export type RedemptionMethod = (typeof redemptionMethods)[number];

export const redemptionLookupInputSchema = z.object({
  // Long enough for a gift URL; the shape is checked by parseRedemptionInput.
  code: z.string().max(512),
});
export type RedemptionLookupInput = z.infer<typeof redemptionLookupInputSchema>;

/** How long after a card's use the business may undo it itself (ADR 104); the team after that. */
export const CARD_USE_UNDO_MINUTES = 30;

/**
 * What a card's use spends: whole, positive cents (the field's error, translated by the
 * screen, is `amountInvalid`). More than the balance is a 409 `insufficient_balance`.
 */
export const cardAmountSchema = z.number({ message: 'amountInvalid' }).int('amountInvalid').positive('amountInvalid').max(2_000_000_000, 'amountInvalid');

/** The counter's own key for one use, so a repeated request spends nothing more (ADR 104). */
export const cardUseKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'idempotencyKeyInvalid');

/**
 * The recipient's code, as for the lookup; how it was given (scan or typed) follows from it.
 * A gift card also needs the amount to spend and the client's idempotency key
 * (400 `validation_failed`, field `amountCents`: `amountRequired`, when a card's use has no
 * amount); a fixed gift redeems whole and takes neither (409 `gift_not_card` with an amount).
 */
export const redeemInputSchema = z
  .object({
    code: z.string().max(512),
    amountCents: cardAmountSchema.optional(),
    idempotencyKey: cardUseKeySchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.amountCents !== undefined && input.idempotencyKey === undefined) {
      ctx.addIssue({ code: 'custom', path: ['idempotencyKey'], message: 'idempotencyKeyInvalid' });
    }
  });
export type RedeemInput = z.infer<typeof redeemInputSchema>;

/** One use of a card as the counter sees it; `undone` once it was undone (ADR 104). */
export const cardUseSchema = z.object({
  /** The use's id (its redemption record): what an undo names. */
  id: z.string(),
  amountCents: z.number().int(),
  at: z.string(),
  /** Until when the business may undo it itself; null once undone. */
  undoableUntil: z.string().nullable(),
  undone: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type CardUse = z.infer<typeof cardUseSchema>;

/** A card's amount, what is left and its uses, newest first. */
export const cardViewSchema = z.object({
  amountCents: z.number().int(),
  balanceCents: z.number().int(),
  uses: z.array(cardUseSchema),
});
export type CardView = z.infer<typeof cardViewSchema>;

/** Undoing a card's use: the reason is required (field `reason`: `required`). */
export const undoCardUseInputSchema = z.object({
  reason: z.string().trim().min(1, 'required').max(500, 'tooLong'),
});
export type UndoCardUseInput = z.infer<typeof undoCardUseInputSchema>;

/** A gift's live booking as the counter sees it (ADR 105): who is coming, when, and what they asked. */
export const redemptionBookingSchema = z.object({
  /** ISO instant; the screen says it in Madrid time. */
  startsAt: z.string(),
  partySize: z.number().int(),
  name: z.string(),
  notes: z.string().nullable(),
});
export type RedemptionBooking = z.infer<typeof redemptionBookingSchema>;

/** What the counter sees of an order: enough to recognise the gift, nothing more. */
export const redemptionOrderSchema = z.object({
  orderId: z.string(),
  giftName: z.string(),
  recipientName: z.string(),
  /** The effective status: a paid order past its expiry is `expired`. */
  status: z.enum(orderStatuses),
  expiresAt: z.string(),
  redeemedAt: z.string().nullable(),
  /** A gift card's amount, balance and uses; absent for a fixed gift. */
  card: cardViewSchema.optional(),
  /** After a card's use: what it spent and what is left (ADR 104). */
  redeemedCents: z.number().int().optional(),
  remainingCents: z.number().int().optional(),
  /** The lookup only: the gift's live booking, absent when it has none. */
  booking: redemptionBookingSchema.optional(),
});
export type RedemptionOrder = z.infer<typeof redemptionOrderSchema>;

/** The team's undo of a card's use (admin, audited): the card afterwards. */
export const adminCardUseUndoneSchema = z.object({ orderId: z.string(), balanceCents: z.number().int() });

