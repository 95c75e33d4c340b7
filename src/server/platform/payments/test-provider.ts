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
export interface RecordedRefund {
  paymentRef: string;
  amount: number;
  idempotencyKey: string | null;
  refundRef: string;
}

export interface TestPaymentProvider extends PaymentProvider {
  /** Every refund asked for, oldest first (a repeated idempotency key is recorded once). */
  readonly refunds: RecordedRefund[];
}

export function createTestPaymentProvider(publicUrl: string): TestPaymentProvider {
  const refunds: RecordedRefund[] = [];
  return {
    name: 'test',
    refunds,
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
    // The test payment page pays only a pending checkout: closing ours is enough.
    async closePayment() {},
    async refund(paymentRef, amount, idempotencyKey) {
      const earlier = idempotencyKey ? refunds.find((r) => r.idempotencyKey === idempotencyKey) : undefined;
      if (earlier) return { refundRef: earlier.refundRef };
      const refundRef = `test_refund_${randomUUID()}`;
      refunds.push({ paymentRef, amount, idempotencyKey: idempotencyKey ?? null, refundRef });
      return { refundRef };
    },
  };
}
