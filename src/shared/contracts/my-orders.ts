import { z } from 'zod';
import { recipientLocales } from './checkout';
import { orderStatuses } from '../domain/order-status';

/**
 * One order the signed-in giver sent, as "my orders" lists it. Actions on it (resend the
 * email, change a not-yet-delivered delivery) are in contracts/checkout.ts.
 */
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
  /** ISO instant the gift went out (email sent, or marked for a phone-only recipient). */
  deliveredAt: z.string().nullable(),
  /** PATCH /api/my/orders/:id/delivery is allowed: paid, not expired, not yet delivered. */
  canChangeDelivery: z.boolean(),
  /** POST /api/my/orders/:id/resend is allowed: paid, not expired, delivered, with an email. */
  canResend: z.boolean(),
});
export type MyOrder = z.infer<typeof myOrderSchema>;

export const myOrderListSchema = z.object({ items: z.array(myOrderSchema) });
export type MyOrderList = z.infer<typeof myOrderListSchema>;

export const myOrderParamsSchema = z.object({ id: z.string().max(64) });
