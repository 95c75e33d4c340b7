import { describe, expect, it } from 'vitest';
import { computeExpiresAt } from '@shared/domain/validity';
import { createRedemptionCode, payOrderAmounts, priceOrder } from './price-order';

describe('priceOrder', () => {
  const gift = { price: 1990, validityDays: 90 };

  it('takes the total from the gift and splits commission, its VAT and the net once paid', () => {
    const paidAt = new Date('2026-11-21T10:00:00Z');
    const priced = priceOrder(gift, { commissionRate: '12.50' }, { placedAt: new Date('2026-11-21T09:59:00Z'), paidAt }, 21);
    expect(priced).toMatchObject({
      totalAmount: 1990,
      currency: 'EUR',
      commissionRate: 12.5,
      vatRate: 21,
      commissionAmount: 249, // 248.75 rounded half up
      commissionVatAmount: 52, // 249 × 21 % = 52.29
      netAmount: 1689, // 1990 − 249 − 52
    });
    expect(priced.expiresAt.toISOString()).toBe(computeExpiresAt(paidAt, 90).toISOString());
  });

  it('leaves commission open and counts validity from placement while unpaid', () => {
    const placedAt = new Date('2026-03-28T12:00:00Z');
    const priced = priceOrder(gift, { commissionRate: 10 }, { placedAt, paidAt: null });
    expect(priced).toMatchObject({ totalAmount: 1990, commissionRate: 10, vatRate: null, commissionAmount: null, commissionVatAmount: null, netAmount: null });
    expect(priced.expiresAt.toISOString()).toBe(computeExpiresAt(placedAt, 90).toISOString());
  });

  it('refuses to price a paid order without the VAT rate in force', () => {
    expect(() => priceOrder(gift, { commissionRate: 10 }, { placedAt: new Date(), paidAt: new Date() })).toThrow(/VAT rate/);
  });

  it('rounds half up at each step, in integers', () => {
    // 2500 × 10 % = 250 commission; 250 × 21 % = 52.5 → 53 VAT; net 2197.
    expect(payOrderAmounts(2500, 10, 21)).toEqual({ commissionAmount: 250, commissionVatAmount: 53, netAmount: 2197, vatRate: 21 });
    // 2500 × 1.14 % = 28.5 → 29 (no float: 2500 × 1.14 / 100 is 28.4999…); 29 × 21 % = 6.09 → 6.
    expect(payOrderAmounts(2500, '1.14', 21)).toEqual({ commissionAmount: 29, commissionVatAmount: 6, netAmount: 2465, vatRate: 21 });
    // Orders paid before the VAT existed keep VAT 0 (migration 0005): the rate 0 gives 0.
    expect(payOrderAmounts(1990, 10, 0)).toEqual({ commissionAmount: 199, commissionVatAmount: 0, netAmount: 1791, vatRate: 0 });
    // A 100 % commission leaves nothing for VAT: the net never goes below zero.
    expect(payOrderAmounts(1000, 100, 21)).toEqual({ commissionAmount: 1000, commissionVatAmount: 0, netAmount: 0, vatRate: 21 });
  });

  it('always adds up to the total', () => {
    for (let total = 1; total <= 3000; total += 7) {
      for (const rate of [0, 0.29, 1.14, 10, 12.5, 33.33, 82.64, 99.99]) {
        const a = payOrderAmounts(total, rate, 21);
        expect(a.commissionAmount + a.commissionVatAmount + a.netAmount).toBe(total);
        expect(a.netAmount).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('gives every order its own 256-bit URL-safe code', () => {
    const codes = new Set(Array.from({ length: 50 }, () => createRedemptionCode()));
    expect(codes.size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
