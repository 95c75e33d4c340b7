import { z } from 'zod';
import { isValidEmail } from '../domain/contact';
import { WITHDRAWAL_LIMITS, withdrawalStates } from '../domain/withdrawal';
import { LOCALES } from '../locale';
import { plainTextFieldErrors, singleLine } from './plain-text';

/**
 * The right of withdrawal (art. 11a of Directive 2011/83/EU, ADR 064): the giver withdraws
 * from some or all gifts of one purchase (checkout) within 14 days of paying, while each is
 * not redeemed. Two doors to the same form:
 *
 * Signed in, the purchase's buyer only (401 anonymous; 404 `purchase_not_found` for anyone
 * else's, an unknown or an unpaid one):
 * GET  /api/my/withdrawals/:checkoutId          → 200 withdrawalViewSchema
 * POST /api/my/withdrawals/:checkoutId          body withdrawInputSchema → 200 withdrawalReceiptSchema
 * With the receipt email's signed link, no account needed (HMAC of the purchase and the end
 * of its withdrawal period with the server's secret; 404 `withdrawal_link_invalid` for a
 * link we did not sign, 410 `withdrawal_link_expired` once the period is over):
 * GET  /api/withdrawal-links/:token             → 200 withdrawalViewSchema
 * POST /api/withdrawal-links/:token             body withdrawInputSchema → 200 withdrawalReceiptSchema
 *
 * Confirming: 400 `validation_failed` (fields name, email, orderIds: `required`, `too_long`,
 * `invalid_email`, `unknown` for a gift not of this purchase); 409 `withdrawal_not_open` when
 * a chosen gift was redeemed, its withdrawal period is over or it was cancelled; 502 `refund_failed`
 * if the payment provider refuses (nothing changes). Gifts already withdrawn are skipped: a
 * repeated confirmation answers the first one's receipt and changes nothing.
 */
export const withdrawalErrorCodes = ['purchase_not_found', 'withdrawal_link_invalid', 'withdrawal_link_expired', 'withdrawal_not_open', 'refund_failed'] as const;

export const withdrawalFieldErrors = {
  required: 'required',
  tooLong: 'too_long',
  invalidEmail: 'invalid_email',
  unknown: 'unknown',
  controlCharacter: plainTextFieldErrors.controlCharacter,
} as const;

export const withdrawalParamsSchema = z.object({ checkoutId: z.string().max(64) });
export const withdrawalLinkParamsSchema = z.object({ token: z.string().max(300) });

export const withdrawalOrderSchema = z.object({
  id: z.string(),
  giftName: z.string(),
  businessName: z.string(),
  recipientName: z.string(),
  totalAmount: z.number().int(),
  /** open: can be chosen; withdrawn / redeemed / ended / none: why not. */
  state: z.enum(withdrawalStates),
  withdrawnAt: z.string().nullable(),
});
export type WithdrawalOrder = z.infer<typeof withdrawalOrderSchema>;

/**
 * A withdrawal already made from this purchase, as its acknowledgement gave it: what someone
 * reopening the link looks for first. `refund` is `pending` while a gift's refund waits for the
 * refunds job (ADR 084), `refunded` once every gift of it was refunded.
 */
export const pastWithdrawalSchema = z.object({
  reference: z.string(),
  withdrawnAt: z.string(),
  refundAmount: z.number().int(),
  refund: z.enum(['refunded', 'pending']),
});
export type PastWithdrawal = z.infer<typeof pastWithdrawalSchema>;

export const withdrawalViewSchema = z.object({
  checkoutId: z.string(),
  /** ISO instant of the payment. */
  purchasedAt: z.string(),
  /** ISO instant the right ends (midnight in Madrid after the 14th day). */
  deadline: z.string(),
  /** Prefilled: the buyer's name and account address. */
  name: z.string(),
  email: z.string(),
  orders: z.array(withdrawalOrderSchema),
  /** Earlier withdrawals from this purchase, oldest first. */
  withdrawals: z.array(pastWithdrawalSchema),
});
export type WithdrawalView = z.infer<typeof withdrawalViewSchema>;

export const withdrawInputSchema = z.object({
  name: singleLine(z.string({ error: withdrawalFieldErrors.required }).trim().min(1, withdrawalFieldErrors.required).max(WITHDRAWAL_LIMITS.name, withdrawalFieldErrors.tooLong)),
  email: singleLine(
    z
      .string({ error: withdrawalFieldErrors.required })
      .trim()
      .min(1, withdrawalFieldErrors.required)
      .max(WITHDRAWAL_LIMITS.email, withdrawalFieldErrors.tooLong)
      .refine(isValidEmail, withdrawalFieldErrors.invalidEmail),
  ),
  orderIds: z
    .array(z.string().max(64), { error: withdrawalFieldErrors.required })
    .min(1, withdrawalFieldErrors.required)
    .max(WITHDRAWAL_LIMITS.orders, withdrawalFieldErrors.tooLong),
  /** The language of the acknowledgement: the page's. */
  locale: z.enum(LOCALES).default('es'),
});
export type WithdrawInput = z.input<typeof withdrawInputSchema>;

export const withdrawalReceiptSchema = z.object({
  /** The withdrawal's reference, as the acknowledgement gives it. */
  reference: z.string(),
  withdrawnAt: z.string(),
  refund: z.number().int(),
  /** Where the acknowledgement went. */
  email: z.string(),
  orders: z.array(withdrawalOrderSchema),
});
export type WithdrawalReceipt = z.infer<typeof withdrawalReceiptSchema>;
