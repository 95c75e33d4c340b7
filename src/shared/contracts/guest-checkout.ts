import { z } from 'zod';
import { isValidEmail } from '../domain/contact';
import { checkoutStatuses } from '../domain/order-status';
import { paymentMethods } from '../domain/payment-method';
import { LOCALES } from '../locale';
import { checkoutFieldErrors, createCheckoutInputSchema } from './checkout';
import { GUEST_LIMITS } from './guest-checkout-limits';
import { singleLine } from './plain-text';
import { myOrderSchema } from './my-orders';

/**
 * Buying without an account (ADR 075). The same checkout, prices, rules
 * and payment as a signed-in giver's; the giver gives a name and an email instead of an
 * account, and gets back a signed purchase link instead of "My orders".
 *
 * POST  /api/guest-checkouts   body createGuestCheckoutInputSchema → 201 checkoutSchema
 *       (200 with the SAME checkout when this email used the idempotency key less than an
 *       hour ago and it is still unpaid; 409 `checkout_key_closed`, no cookie, once it is
 *       paid, closed or older: then the purchase link opens it). No
 *       session needed. Answers set the HttpOnly cookie `regalo_purchase` (path /api, one
 *       day): with it this browser reads the checkout (GET /api/checkouts/:id) and uses the
 *       test payment buttons, as a signed-in buyer does with the session. Errors as POST
 *       /api/checkouts, plus `fields` `buyer.name` / `buyer.email`, and
 *       `lines.<i>.contactId: invalid` (contacts are an account's). Limited per IP and per
 *       email (429 `rate_limited`).
 * GET   /api/purchases/:token  → 200 purchaseViewSchema. 404 `purchase_link_invalid` (not
 *       ours, altered), 410 `purchase_link_expired`.
 * POST  /api/purchases/:token/orders/:id/resend    → 204, as /api/my/orders/:id/resend.
 * PATCH /api/purchases/:token/orders/:id/delivery  body updateDeliveryInputSchema → 200
 *       myOrderSchema, as /api/my/orders/:id/delivery.
 *       An order of another purchase answers 404 `order_not_found`, like a missing one.
 * POST  /api/purchases/:token/claim  → 200 purchaseViewSchema (`account: 'added'`): "Add to
 *       my account". The purchase and its gifts move into the signed-in account's "My
 *       orders"; the link keeps working. Only with a session (401 `unauthenticated`) whose
 *       account's confirmed address is the purchase's (403 `purchase_other_account`), for a
 *       paid purchase (409 `purchase_not_paid`) in no other account (409
 *       `purchase_in_other_account`, or `purchase_key_in_use` when one of the account's own
 *       checkouts has its idempotency key). Again for one already added: 200, unchanged.
 * POST  /api/purchase-links    body purchaseLinksRequestSchema → 204, always (whether or not
 *       the address bought anything: nobody learns who bought what). When it did, one email
 *       to it lists its guest purchases of the last three years with their links. Limited
 *       like every mail to an address that has not proven itself (429 `rate_limited`).
 *
 * Nothing moves into an account by itself: not at sign-up, confirmation or sign-in. Whoever
 * holds the link and is signed in to the account with that confirmed address adds it.
 */
export { GUEST_LIMITS } from './guest-checkout-limits';

export const guestBuyerSchema = z.object({
  name: singleLine(z.string(checkoutFieldErrors.required).trim().min(1, checkoutFieldErrors.required).max(GUEST_LIMITS.name, checkoutFieldErrors.tooLong)),
  email: singleLine(
    z
      .string(checkoutFieldErrors.required)
      .trim()
      .min(1, checkoutFieldErrors.required)
      .max(GUEST_LIMITS.email, checkoutFieldErrors.tooLong)
      .refine(isValidEmail, checkoutFieldErrors.invalidEmail),
  ),
  /** The language of the receipt and of later emails about the purchase (the page's). */
  locale: z.enum(LOCALES),
});
export type GuestBuyer = z.input<typeof guestBuyerSchema>;

export const createGuestCheckoutInputSchema = createCheckoutInputSchema.extend({ buyer: guestBuyerSchema });
export type CreateGuestCheckoutInput = z.input<typeof createGuestCheckoutInputSchema>;

/**
 * What the purchase page offers about accounts, for whoever opened it: `can_add` ("Add to my
 * account": signed in, the account's confirmed address is the purchase's, paid, in no
 * account), `added` (in this account's "My orders"), `signed_out` (a paid purchase in no
 * account, nobody signed in), `other_account` (signed in with another or unconfirmed
 * address), `none` (not paid, or in an account that is not the viewer's).
 */
export const purchaseAccountStates = ['can_add', 'added', 'signed_out', 'other_account', 'none'] as const;
export type PurchaseAccountState = (typeof purchaseAccountStates)[number];

/** What the purchase page shows: the purchase, and its gifts as "My orders" shows them. */
export const purchaseViewSchema = z.object({
  checkoutId: z.string(),
  status: z.enum(checkoutStatuses),
  buyerName: z.string(),
  buyerEmail: z.string(),
  createdAt: z.string(),
  /** ISO instant of payment; null while not paid. */
  paidAt: z.string().nullable(),
  totalAmount: z.number().int(),
  currency: z.string(),
  /** Where to pay it while it is pending and can still be paid. */
  paymentUrl: z.string().nullable(),
  /** How it was paid, once known (ADR 106). */
  paymentMethod: z.enum(paymentMethods).nullable(),
  /** Pending and waiting for the payer's bank to confirm (Bizum, ADR 106). */
  awaitingBank: z.boolean(),
  /** The purchase's paid gifts, with the same fields and permissions as in "My orders". */
  orders: z.array(myOrderSchema),
  /** The withdrawal form for this purchase (its signed link) while the right is open; null otherwise. */
  withdrawPath: z.string().nullable(),
  /** ISO instant: the end of the withdrawal period, once paid. */
  withdrawUntil: z.string().nullable(),
  account: z.enum(purchaseAccountStates),
});
export type PurchaseView = z.infer<typeof purchaseViewSchema>;

/** "Find my purchases": a guest who lost the receipt asks for the links again. */
export const purchaseLinksRequestSchema = z.object({
  email: guestBuyerSchema.shape.email,
  /** The language of the email (the page's). */
  locale: z.enum(LOCALES),
});
export type PurchaseLinksRequest = z.input<typeof purchaseLinksRequestSchema>;

export const purchaseParamsSchema = z.object({ token: z.string().max(200) });
export const purchaseOrderParamsSchema = z.object({ token: z.string().max(200), id: z.string().max(64) });

/** Problem codes of these endpoints besides the checkout's. */
export const guestCheckoutErrorCodes = [
  'purchase_link_invalid',
  'purchase_link_expired',
  'idempotency_key_reused',
  'checkout_key_closed',
  'purchase_other_account',
  'purchase_not_paid',
  'purchase_in_other_account',
  'purchase_key_in_use',
] as const;
