import { randomUUID } from 'node:crypto';
import type { PaymentProvider } from './payment-provider';
import { PaymentSignatureError } from './payment-provider';

/** How long a test checkout can be paid before the expiry job closes it. */
export const TEST_CHECKOUT_LIFETIME_MS = 30 * 60 * 1000;

/**
 * Takes no money. The payer lands on Regalo's own, clearly labelled test payment page
 * (`/checkout/<id>/pay`), whose buttons call POST /api/payments/test/:id/succeed|fail|cancel.
 * There are no webhooks: those endpoints run the same use cases a Stripe event does.
 */
export function createTestPaymentProvider(publicUrl: string): PaymentProvider {
  return {
    name: 'test',
    async createPayment({ checkoutId, now }) {
      return {
        providerRef: `test_${checkoutId}`,
        paymentUrl: `${publicUrl}/checkout/${checkoutId}/pay`,
        expiresAt: new Date(now.getTime() + TEST_CHECKOUT_LIFETIME_MS),
      };
    },
    parseWebhook() {
      throw new PaymentSignatureError('The test provider sends no webhooks');
    },
    async refund() {
      return { refundRef: `test_refund_${randomUUID()}` };
    },
  };
}
