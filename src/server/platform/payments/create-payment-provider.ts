import type { Config } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { createStripePaymentProvider } from './stripe-provider';
import { createTestPaymentProvider } from './test-provider';

/** The driver config.payments names (config.ts refuses `test` in production unless allowed). */
export function createPaymentProvider(config: Pick<Config, 'payments' | 'publicUrl'>): PaymentProvider {
  const { payments, publicUrl } = config;
  if (payments.provider === 'stripe') {
    return createStripePaymentProvider({
      secretKey: payments.secretKey,
      webhookSecret: payments.webhookSecret,
      apiUrl: payments.apiUrl,
      publicUrl,
    });
  }
  return createTestPaymentProvider(publicUrl);
}
