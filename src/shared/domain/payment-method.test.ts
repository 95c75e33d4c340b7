import { describe, expect, it } from 'vitest';
import { BIZUM_MIN_AMOUNT, isAwaitingBank, offersBizum, toPaymentMethod } from './payment-method';

describe('payment methods (ADR 106)', () => {
  it('offers Bizum for euros from its minimum only', () => {
    expect(offersBizum('EUR', BIZUM_MIN_AMOUNT)).toBe(true);
    expect(offersBizum('eur', 6500)).toBe(true);
    expect(offersBizum('EUR', BIZUM_MIN_AMOUNT - 1)).toBe(false);
    expect(offersBizum('USD', 6500)).toBe(false);
  });

  it('names cards and Bizum, and no other provider type', () => {
    expect(toPaymentMethod('card')).toBe('card');
    expect(toPaymentMethod('bizum')).toBe('bizum');
    expect(toPaymentMethod('sepa_debit')).toBeNull();
    expect(toPaymentMethod('unknown')).toBeNull();
    expect(toPaymentMethod(null)).toBeNull();
  });

  it('a pending checkout with a method is waiting for the bank; a settled one or one without a method is not', () => {
    expect(isAwaitingBank({ status: 'pending', paymentMethod: 'bizum' })).toBe(true);
    expect(isAwaitingBank({ status: 'pending', paymentMethod: 'unknown' })).toBe(true);
    expect(isAwaitingBank({ status: 'pending', paymentMethod: null })).toBe(false);
    expect(isAwaitingBank({ status: 'succeeded', paymentMethod: 'bizum' })).toBe(false);
    expect(isAwaitingBank({ status: 'failed', paymentMethod: 'bizum' })).toBe(false);
  });
});
