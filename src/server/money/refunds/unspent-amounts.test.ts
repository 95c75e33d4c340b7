import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitRefund } from './unspent-amounts';

describe('a part refund split among commission, VAT and share (ADR 104)', () => {
  it('adds up to the refund, keeps each part within its own, and gives a whole refund back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 1, noNaN: true }), (total, ratePercent, vatSeed, share) => {
        const commission = Math.floor((total * ratePercent) / 100);
        const vat = Math.min(Math.round((commission * 21) / 100), total - commission) * (vatSeed > 0 ? 1 : 0);
        const order = { totalAmount: total, commissionAmount: commission, commissionVatAmount: vat, netAmount: total - commission - vat };
        const refund = Math.floor(total * share);
        const split = splitRefund(order, refund);
        expect(split.commissionAmount + split.commissionVatAmount + split.netAmount).toBe(refund);
        expect(split.commissionAmount).toBeLessThanOrEqual(commission);
        expect(split.commissionVatAmount).toBeLessThanOrEqual(vat);
        expect(split.netAmount).toBeLessThanOrEqual(order.netAmount);
        for (const part of [split.commissionAmount, split.commissionVatAmount, split.netAmount]) expect(part).toBeGreaterThanOrEqual(0);
        expect(splitRefund(order, total)).toEqual(order);
      }),
    );
  });

  it('31,60 € back of a 50 € card at 10 % + 21 % VAT: the remainder cent is the share’s', () => {
    // 50 € → commission 5,00, VAT 1,05, share 43,95; exactly 3,16 / 0,6636 / 27,7764.
    expect(splitRefund({ totalAmount: 5000, commissionAmount: 500, commissionVatAmount: 105, netAmount: 4395 }, 3160)).toEqual({
      totalAmount: 3160,
      commissionAmount: 316,
      commissionVatAmount: 66,
      netAmount: 2778,
    });
  });

  it('refuses a refund above the total or not whole', () => {
    const order = { totalAmount: 100, commissionAmount: 10, commissionVatAmount: 2, netAmount: 88 };
    expect(() => splitRefund(order, 101)).toThrow(RangeError);
    expect(() => splitRefund(order, 1.5)).toThrow(RangeError);
  });
});
