import { z } from 'zod';
import { orderStatuses } from '../domain/order-status';

/** One order the signed-in giver sent, as "my orders" lists it. */
export const myOrderSchema = z.object({
  id: z.string(),
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
});
export type MyOrder = z.infer<typeof myOrderSchema>;

export const myOrderListSchema = z.object({ items: z.array(myOrderSchema) });
export type MyOrderList = z.infer<typeof myOrderListSchema>;
