import type { Checkout, TestPaymentOutcome } from '@shared/contracts/checkout';
import type { PaymentMethod } from '@shared/domain/payment-method';
import type { Locale } from '@shared/locale';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { TestPaymentProvider } from '../../platform/payments/test-provider';
import { awaitBankConfirmation } from './await-bank-confirmation';
import { closeCheckout } from './close-checkout';
import { completePayment } from './complete-payment';
import { checkoutNotFound, findBuyerCheckout, toCheckoutView, type CheckoutAccess } from './get-checkout';
import { tellGiverPaymentFailed } from './tell-giver-payment-failed';

export type { TestPaymentOutcome } from '@shared/contracts/checkout';

/**
 * The buttons of the test payment page: what a real provider would report, run through
 * the same use cases as a Stripe webhook. Only the buyer, only a test checkout, only while
 * pending — except that succeeding twice answers 200 with nothing changed (a double click).
 * "Bizum (test)" (ADR 106) may also stay `pending` as Stripe's session completed unpaid
 * does; then `succeed` or `fail` is the bank's answer, and a failure is mailed to the giver
 * as Stripe's async_payment_failed is.
 */
export async function payTestCheckout(
  ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'payments'>,
  buyer: CheckoutAccess,
  checkoutId: string,
  choice: { outcome: TestPaymentOutcome; method: PaymentMethod },
  reader?: Locale,
): Promise<Checkout> {
  const checkout = await findBuyerCheckout(ctx.db, buyer, checkoutId);
  if (checkout.provider !== 'test') throw checkoutNotFound();
  const { outcome } = choice;
  // Once the bank is asked, the payment's method is the one asked with.
  const method = outcome === 'pending' ? 'bizum' : (checkout.paymentMethod ?? choice.method);
  const changed = await ctx.db.transaction(async (tx) => {
    if (outcome === 'succeed') {
      return completePayment(tx, ctx, { checkoutId: checkout.id, paymentRef: `test_payment_${checkout.id}`, paymentMethod: method });
    }
    if (outcome === 'pending') return awaitBankConfirmation(tx, { checkoutId: checkout.id, paymentMethod: method, now: ctx.now() });
    const closed = await closeCheckout(tx, { checkoutId: checkout.id, status: outcome === 'fail' ? 'failed' : 'expired', now: ctx.now() });
    // The giver of a payment waiting for the bank may have left the page: they are told.
    if (closed && outcome === 'fail' && checkout.paymentMethod !== null) await tellGiverPaymentFailed(tx, ctx, checkout);
    return closed;
  });
  const now = await findBuyerCheckout(ctx.db, buyer, checkoutId);
  // The test provider's own balance gets the charge, as Stripe's would (for the reconciliation).
  if (changed && outcome === 'succeed' && ctx.payments.name === 'test' && now.paymentRef) {
    (ctx.payments as TestPaymentProvider).recordCharge(now.paymentRef, now.amountTotal, ctx.now());
  }
  if (!changed && !(outcome === 'succeed' && now.status === 'succeeded')) {
    throw new AppError('checkout_not_pending', 409, `This checkout is ${now.status}`);
  }
  return toCheckoutView(ctx.db, now, ctx.now(), ctx.config.authSecret, reader);
}
