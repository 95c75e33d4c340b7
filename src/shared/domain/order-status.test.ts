import { describe, expect, it } from 'vitest';
import { effectiveOrderStatus } from './order-status';

describe('effectiveOrderStatus', () => {
  const expiresAt = new Date('2026-12-31T22:59:59.999Z');
  it('turns a paid order past its expiry into expired', () => {
    expect(effectiveOrderStatus('paid', expiresAt, new Date('2026-12-31T23:00:00.000Z'))).toBe('expired');
  });
  it('keeps a paid order up to and including its last millisecond', () => {
    expect(effectiveOrderStatus('paid', expiresAt, expiresAt)).toBe('paid');
  });
  it('never rewrites other statuses', () => {
    const later = new Date('2027-06-01T00:00:00Z');
    for (const status of ['unpaid', 'redeemed', 'expired', 'cancelled'] as const) {
      expect(effectiveOrderStatus(status, expiresAt, later)).toBe(status);
    }
  });
});
