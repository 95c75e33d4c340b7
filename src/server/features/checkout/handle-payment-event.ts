import { and, eq } from 'drizzle-orm';
import { checkouts, paymentEvents } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { applyPayoutEvent } from '../../money/transfers/apply-payout-event';
import { isPayoutEvent, type PaymentEvent } from '../../platform/payments/payment-provider';
import { recordLatePaymentRefund } from '../../money/ledger/record-payment';
import { awaitBankConfirmation } from './await-bank-confirmation';
import { closeCheckout } from './close-checkout';
import { tellGiverPaymentFailed } from './tell-giver-payment-failed';
import { completePayment } from './complete-payment';

/** The key a closed checkout's late payment is refunded by: one refund, however often the event comes. */
export const checkoutRefundKey = (checkoutId: string) => `regalo-refund-checkout-${checkoutId}`;

export type PaymentEventResult = 'applied' | 'refunded' | 'duplicate' | 'ignored' | 'unknown_checkout' | 'no_change' | 'unknown';

/**
 * Applies one verified provider event, exactly once: the event id is recorded in the same
 * transaction as its effect, so a replay (Stripe resends until it gets a 2xx, sometimes
 * more) finds it and changes nothing. Out-of-order events are safe because every effect is
 * conditional on the checkout still being pending: an `expired` or `failed` arriving after
 * `completed` is recorded and ignored, and a late `completed` after the checkout was closed
 * (expired, or a gift of it cancelled) is refunded whole (it cannot reopen cancelled orders).
 */
export async function handlePaymentEvent(
  ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'payments'>,
  event: PaymentEvent,
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void },
): Promise<PaymentEventResult> {
  const provider = ctx.payments.name;
  const paymentMethod = await paymentMethodOf(ctx, event, log);
  return ctx.db.transaction(async (tx) => {
    const checkout =
      event.kind === 'ignored' || isPayoutEvent(event)
        ? null
        : ((
            await tx
              .select()
              .from(checkouts)
              .where(and(eq(checkouts.provider, provider), eq(checkouts.providerRef, event.providerRef)))
          )[0] ?? null);
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({
        provider,
        eventId: event.eventId,
        type: event.kind === 'ignored' ? event.type : event.kind,
        checkoutId: checkout?.id ?? null,
        receivedAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!recorded) return 'duplicate';
    if (event.kind === 'ignored') return 'ignored';
    // Money out (ADR 053): accounts, transfers and payouts, once per event like the rest.
    if (isPayoutEvent(event)) return applyPayoutEvent(tx, provider, event, ctx.now());
    if (!checkout) {
      log.warn({ eventId: event.eventId, providerRef: event.providerRef }, 'payment event for an unknown checkout');
      return 'unknown_checkout';
    }
    if (event.kind === 'processing') {
      const changed = await awaitBankConfirmation(tx, { checkoutId: checkout.id, paymentMethod, now: ctx.now() });
      return changed ? 'applied' : 'no_change';
    }
    if (event.kind === 'succeeded') {
      const changed = await completePayment(tx, ctx, { checkoutId: checkout.id, paymentRef: event.paymentRef, paymentMethod });
      if (!changed && checkout.status !== 'succeeded') {
        // Paid after we closed it (a gift cancelled before payment, or past its lifetime):
        // nothing was delivered, so all of it goes back. Inside the transaction: if the
        // provider fails, the event is not recorded and its retry refunds, once (the key).
        if (!event.paymentRef) {
          log.error({ checkoutId: checkout.id, status: checkout.status }, 'payment succeeded for a closed checkout, without a payment to refund');
          return 'no_change';
        }
        const { refundRef } = await ctx.payments.refund(event.paymentRef, checkout.amountTotal, checkoutRefundKey(checkout.id));
        // Both movements enter the ledger, so reconciliation finds the provider's charge and refund.
        await recordLatePaymentRefund(tx, { checkoutId: checkout.id, amount: checkout.amountTotal, paymentRef: event.paymentRef, refundRef, at: ctx.now() });
        log.warn({ checkoutId: checkout.id, status: checkout.status }, 'payment succeeded for a closed checkout: refunded');
        return 'refunded';
      }
      return changed ? 'applied' : 'no_change';
    }
    const changed = await closeCheckout(tx, { checkoutId: checkout.id, status: event.kind, now: ctx.now() });
    // Only a payment that confirms later fails by an event (Stripe's async_payment_failed):
    // its giver left the payment page thinking it done, so they hear that it was not.
    if (changed && event.kind === 'failed') await tellGiverPaymentFailed(tx, ctx, checkout);
    return changed ? 'applied' : 'no_change';
  });
}

/**
 * The method a payment event's payment used (ADR 106), asked of the provider before the
 * event's transaction (no network call holds it open). It only names the method on the
 * pages and the receipt, so when the provider cannot say the event is applied without it.
 */
async function paymentMethodOf(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  event: PaymentEvent,
  log: { warn: (obj: object, msg: string) => void },
): Promise<string | null> {
  if ((event.kind !== 'succeeded' && event.kind !== 'processing') || !event.paymentRef) return null;
  // A replay changes nothing: the provider is not asked again (the transaction still decides).
  const [seen] = await ctx.db
    .select({ eventId: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, ctx.payments.name), eq(paymentEvents.eventId, event.eventId)));
  if (seen) return null;
  try {
    return await ctx.payments.paymentMethodOf(event.paymentRef);
  } catch (error) {
    log.warn({ eventId: event.eventId, paymentRef: event.paymentRef, err: error }, 'could not read the payment method');
    return null;
  }
}
