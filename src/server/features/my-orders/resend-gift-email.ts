import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { orders } from '../../db/schema/orders';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../../platform/context';
import { enqueueGiftReceived, loadGiftMailData } from '../../domain/orders/gift-mail';
import { getMyOrder, type GiverScope } from './list-my-orders';

export const orderNotFound = () => new AppError('order_not_found', 404, 'Order not found');
const notResendable = () => new AppError('order_not_resendable', 409, 'Only a delivered, unused gift with an email can be sent again');
const stillSending = () => new AppError('gift_mail_sending', 409, 'The gift email is still waiting to be sent');

/**
 * The recipient lost the email: send the same gift email again (the buyer only). Not while
 * the last one still waits in the outbox (during a mail outage both would arrive once the
 * server is back): the order row is locked and its gift mail checked in the transaction
 * that queues the new one, so two resends at once queue one email.
 */
export async function resendGiftEmail(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, giver: GiverScope, orderId: string): Promise<void> {
  const order = await getMyOrder(ctx.db, giver, orderId, ctx.config.publicUrl, ctx.now());
  if (!order) throw orderNotFound();
  if (order.deliveryState === 'sending') throw stillSending();
  if (!order.canResend) throw notResendable();
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ mailStatus: mailOutbox.status })
      .from(orders)
      .leftJoin(mailOutbox, eq(mailOutbox.id, orders.giftMailId))
      .where(eq(orders.id, order.id))
      .for('update', { of: orders });
    if (locked?.mailStatus === 'pending') throw stillSending();
    const data = await loadGiftMailData(tx, order.id);
    if (!data) throw orderNotFound();
    await enqueueGiftReceived(tx, ctx.config.publicUrl, data);
  });
}
