import { describe, expect, it } from 'vitest';
import { computeExpiresAt } from '@shared/domain/validity';
import { createRedemptionCode, priceOrder } from './price-order';

describe('priceOrder', () => {
  const gift = { price: 1990, validityDays: 90 };

  it('takes the total from the gift and splits commission at the business rate once paid', () => {
    const paidAt = new Date('2026-11-21T10:00:00Z');
    const priced = priceOrder(gift, { commissionRate: '12.50' }, { placedAt: new Date('2026-11-21T09:59:00Z'), paidAt });
    expect(priced).toMatchObject({
      totalAmount: 1990,
      currency: 'EUR',
      commissionRate: 12.5,
      commissionAmount: 249, // 248.75 rounded
      netAmount: 1741,
    });
    expect(priced.expiresAt.toISOString()).toBe(computeExpiresAt(paidAt, 90).toISOString());
  });

  it('leaves commission open and counts validity from placement while unpaid', () => {
    const placedAt = new Date('2026-03-28T12:00:00Z');
    const priced = priceOrder(gift, { commissionRate: 10 }, { placedAt, paidAt: null });
    expect(priced).toMatchObject({ totalAmount: 1990, commissionRate: 10, commissionAmount: null, netAmount: null });
    expect(priced.expiresAt.toISOString()).toBe(computeExpiresAt(placedAt, 90).toISOString());
  });

  it('gives every order its own 256-bit URL-safe code', () => {
    const codes = new Set(Array.from({ length: 50 }, () => createRedemptionCode()));
    expect(codes.size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
