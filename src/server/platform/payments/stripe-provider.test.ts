import { describe, expect, it } from 'vitest';
import { toPaymentEvent } from './stripe-provider';

const session = (paymentStatus: string) => ({
  id: 'cs_1',
  object: 'checkout.session',
  client_reference_id: 'ck_1',
  metadata: { checkoutId: 'ck_1' },
  status: 'complete',
  payment_status: paymentStatus,
  payment_intent: 'pi_1',
});
const event = (type: string, paymentStatus = 'paid') => ({ id: `evt_${type}`, type, data: { object: session(paymentStatus) } });

describe('Stripe Checkout Session events (ADR 106)', () => {
  it('a session completed paid pays now; completed unpaid waits for the bank (processing)', () => {
    expect(toPaymentEvent(event('checkout.session.completed'))).toEqual({ kind: 'succeeded', eventId: 'evt_checkout.session.completed', checkoutId: 'ck_1', providerRef: 'cs_1', paymentRef: 'pi_1' });
    expect(toPaymentEvent(event('checkout.session.completed', 'unpaid'))).toEqual({ kind: 'processing', eventId: 'evt_checkout.session.completed', checkoutId: 'ck_1', providerRef: 'cs_1', paymentRef: 'pi_1' });
  });

  it('the bank’s answer: async success pays, async failure fails; expiry expires', () => {
    expect(toPaymentEvent(event('checkout.session.async_payment_succeeded'))).toMatchObject({ kind: 'succeeded', paymentRef: 'pi_1' });
    expect(toPaymentEvent(event('checkout.session.async_payment_failed', 'unpaid'))).toMatchObject({ kind: 'failed', providerRef: 'cs_1' });
    expect(toPaymentEvent(event('checkout.session.expired', 'unpaid'))).toMatchObject({ kind: 'expired', providerRef: 'cs_1' });
  });

  it('ignores a payment status it does not know and other event types', () => {
    expect(toPaymentEvent(event('checkout.session.completed', 'something_new'))).toEqual({ kind: 'ignored', eventId: 'evt_checkout.session.completed', type: 'checkout.session.completed:something_new' });
    expect(toPaymentEvent(event('payment_intent.processing'))).toEqual({ kind: 'ignored', eventId: 'evt_payment_intent.processing', type: 'payment_intent.processing' });
  });
});
