import type { Checkout } from '@shared/contracts/checkout';
import type { Locale } from '@shared/locale';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { TestPaymentProvider } from '../../platform/payments/test-provider';
import { closeCheckout } from './close-checkout';
import { completePayment } from './complete-payment';
import { checkoutNotFound, findBuyerCheckout, toCheckoutView, type CheckoutAccess } from './get-checkout';

export type TestPaymentOutcome = 'succeed' | 'fail' | 'cancel';

/**
 * The buttons of the test payment page: what a real provider would report, run through
 * the same use cases as a Stripe webhook. Only the buyer, only a test checkout, only while
 * pending — except that succeeding twice answers 200 with nothing changed (a double click).
 */
export async function payTestCheckout(
  ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'payments'>,
  buyer: CheckoutAccess,
  checkoutId: string,
  outcome: TestPaymentOutcome,
  reader?: Locale,
): Promise<Checkout> {
  const checkout = await findBuyerCheckout(ctx.db, buyer, checkoutId);
  if (checkout.provider !== 'test') throw checkoutNotFound();
  const changed = await ctx.db.transaction((tx) =>
    outcome === 'succeed'
      ? completePayment(tx, ctx, { checkoutId: checkout.id, paymentRef: `test_payment_${checkout.id}` })
      : closeCheckout(tx, { checkoutId: checkout.id, status: outcome === 'fail' ? 'failed' : 'expired', now: ctx.now() }),
  );
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
