import type { Config } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { createTestPaymentProvider } from './test-provider';

/**
 * The driver config.payments names (config.ts refuses `test` in production unless allowed).
 * Stripe's SDK is imported only when it is the driver (memory, ADR 043).
 */
export async function createPaymentProvider(
  config: Pick<Config, 'payments' | 'publicUrl'>,
  now: () => Date = () => new Date(),
): Promise<PaymentProvider> {
  const { payments, publicUrl } = config;
  if (payments.provider === 'stripe') {
    const { createStripePaymentProvider } = await import('./stripe-provider');
    return createStripePaymentProvider({
      secretKey: payments.secretKey,
      webhookSecret: payments.webhookSecret,
      connectWebhookSecret: payments.connectWebhookSecret,
      apiUrl: payments.apiUrl,
      publicUrl,
    });
  }
  return createTestPaymentProvider(publicUrl, now);
}
