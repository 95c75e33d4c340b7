import { z } from 'zod';
import { recipientLocales } from './checkout';
import { orderStatuses } from '../domain/order-status';
import { handovers } from '../domain/handover';
import { withdrawalStates } from '../domain/withdrawal';

/**
 * One order the signed-in giver sent, as "my orders" lists it. Actions on it (resend the
 * email, change a not-yet-delivered delivery) are in contracts/checkout.ts.
 */
export const giftDeliveryStates = ['scheduled', 'sending', 'delivered', 'failed', 'in_person'] as const;
export type GiftDeliveryState = (typeof giftDeliveryStates)[number];

export const myOrderSchema = z.object({
  id: z.string(),
  /** The effective status (effectiveOrderStatus): a paid order past its expiry reads `expired`. */
  status: z.enum(orderStatuses),
  giftName: z.string(),
  businessName: z.string(),
  recipientName: z.string(),
  recipientPhone: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  personalMessage: z.string().nullable(),
  totalAmount: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The recipient's gift page, relative to the site (`/g/<code>`); null until paid. */
  giftPagePath: z.string().nullable(),
  /** The same page as an absolute link, to copy or share (WhatsApp); null until paid. */
  giftUrl: z.string().nullable(),
  /** The language of the recipient's emails and gift page. */
  recipientLocale: z.enum(recipientLocales),
  /** How the gift is signed for the recipient (the giver's first name). */
  senderName: z.string().nullable(),
  /** ISO instant the gift goes out; null = right after payment. */
  deliverAt: z.string().nullable(),
  /**
   * Where the gift is on its way: `scheduled` (its moment has not come), `sending` (its email
   * waits for the mail server to accept it), `delivered` (accepted, or a phone-only
   * recipient), `failed` (the mail server refused it for good), `in_person` (the giver hands
   * it over and has sent nothing: "Send it now" is PATCH …/delivery, ADR 103).
   */
  deliveryState: z.enum(giftDeliveryStates),
  /** ISO instant the mail server accepted the gift email (for a phone-only recipient: when it was released). */
  deliveredAt: z.string().nullable(),
  /** `in_person`: the giver hands it over (ADR 103) until they send it, which makes it `send`. */
  handover: z.enum(handovers),
  /** PATCH /api/my/orders/:id/delivery is allowed: paid, not expired, not yet delivered (for a gift given in person: "Send it now"). */
  canChangeDelivery: z.boolean(),
  /** POST /api/my/orders/:id/resend is allowed: paid, not expired, with an email that is delivered or failed (not while one is sending). */
  canResend: z.boolean(),
  /** The purchase the order belongs to (its withdrawal form: /withdraw/<checkoutId>). */
  checkoutId: z.string().nullable(),
  /**
   * The right of withdrawal (ADR 064): `open` until `until` (the form is offered), or why
   * not (withdrawn at `at`, redeemed, the 14 days `ended` at `until`, `none`).
   */
  withdrawal: z.object({ state: z.enum(withdrawalStates), until: z.string().nullable(), at: z.string().nullable() }),
});
export type MyOrder = z.infer<typeof myOrderSchema>;

export const MY_ORDERS_PAGE_SIZE = 20;
export const MY_ORDERS_MAX_PAGE_SIZE = 100;
// Query strings arrive as text; an empty parameter means "not given".
const emptyAsAbsent = (v: unknown) => (v === '' ? undefined : v);

/** GET /api/my/orders: keyset pages, newest first; `cursor` = the previous page's `nextCursor`. */
export const myOrdersQuerySchema = z.object({
  cursor: z.preprocess(emptyAsAbsent, z.string().max(200, { error: 'invalid' }).optional()),
  limit: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(MY_ORDERS_MAX_PAGE_SIZE, { error: 'invalid' })
    .default(MY_ORDERS_PAGE_SIZE),
});
export type MyOrdersQuery = z.output<typeof myOrdersQuerySchema>;

/** The giver's paid orders only: an order nobody paid for is part of a pending purchase. */
export const myOrderListSchema = z.object({
  items: z.array(myOrderSchema),
  /** Pass as `cursor` for the next page; null on the last page. 400 `fields.cursor` for one we did not issue. */
  nextCursor: z.string().nullable(),
});
export type MyOrderList = z.infer<typeof myOrderListSchema>;

/**
 * A checkout the giver started and has not paid, while it can still be paid (pending, before
 * its expiry): one per checkout, whatever number of gifts it holds.
 * GET  /api/my/pending-purchases            → 200 pendingPurchaseListSchema
 * POST /api/my/pending-purchases/:id/discard → 204; closes it and cancels its unpaid orders
 *      (404 `checkout_not_found` for another giver's or an unknown one; 409
 *      `checkout_not_pending` once it is paid, failed or expired).
 */
export const pendingPurchaseSchema = z.object({
  id: z.string(),
  totalAmount: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  /** After this instant it can no longer be paid and disappears. */
  expiresAt: z.string(),
  /** Where to pay it (the test page or the provider's hosted page). */
  paymentUrl: z.string(),
  lines: z.array(z.object({ giftName: z.string(), businessName: z.string(), recipientName: z.string(), totalAmount: z.number().int() })),
});
export type PendingPurchase = z.infer<typeof pendingPurchaseSchema>;
export const pendingPurchaseListSchema = z.object({ items: z.array(pendingPurchaseSchema) });
export type PendingPurchaseList = z.infer<typeof pendingPurchaseListSchema>;

export const myOrderParamsSchema = z.object({ id: z.string().max(64) });
