import { AppError } from '../../platform/errors';
import type { AppContext } from '../../platform/context';
import { enqueueGiftReceived, loadGiftMailData } from '../../domain/orders/gift-mail';
import { getMyOrder } from './list-my-orders';

export const orderNotFound = () => new AppError('order_not_found', 404, 'Order not found');

/** The recipient lost the email: send the same gift email again (the buyer only). */
export async function resendGiftEmail(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, buyerId: string, orderId: string): Promise<void> {
  const order = await getMyOrder(ctx.db, buyerId, orderId, ctx.config.publicUrl, ctx.now());
  if (!order) throw orderNotFound();
  if (!order.canResend) throw new AppError('order_not_resendable', 409, 'Only a delivered, unused gift with an email can be sent again');
  const data = await loadGiftMailData(ctx.db, order.id);
  if (!data) throw orderNotFound();
  await enqueueGiftReceived(ctx.db, ctx.config.publicUrl, data);
}
