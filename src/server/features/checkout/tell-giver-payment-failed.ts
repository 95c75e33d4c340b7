import { toPaymentMethod } from '@shared/domain/payment-method';
import type { Executor } from '../../db/client';
import type { checkouts } from '../../db/schema/orders';
import { findPurchaser, purchaserContact } from '../../domain/orders/find-purchaser';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import type { AppContext } from '../../platform/context';

/**
 * The bank did not confirm a payment that confirms later (Stripe's async_payment_failed,
 * ADR 106). The giver left the payment page believing they had paid, so they are told by
 * mail: nothing charged, nothing issued, and the way back to the cart. In the event's
 * transaction, so a replay sends nothing twice.
 */
export async function tellGiverPaymentFailed(
  tx: Executor,
  ctx: Pick<AppContext, 'config'>,
  checkout: Pick<typeof checkouts.$inferSelect, 'id' | 'amountTotal' | 'paymentMethod'>,
): Promise<void> {
  const giver = purchaserContact(await findPurchaser(tx, { checkoutId: checkout.id }), ctx.config);
  if (!giver) return;
  await enqueueMail(tx, {
    to: giver.email,
    template: 'payment-failed',
    locale: toMailLocale(giver.locale) ?? 'en',
    data: { name: giver.name, total: checkout.amountTotal, paymentMethod: toPaymentMethod(checkout.paymentMethod), retryUrl: `${ctx.config.publicUrl}/checkout` },
  });
}
