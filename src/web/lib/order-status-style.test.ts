import { describe, expect, it } from 'vitest';
import { orderStatusBadge } from './order-status-style';

describe('orderStatusBadge', () => {
  it('gives paid, redeemed and expired their own styles', () => {
    expect(orderStatusBadge('paid')).toBe('success');
    expect(orderStatusBadge('redeemed')).toBe('info');
    expect(orderStatusBadge('expired')).toBe('neutral');
  });

  it('shows every other status in red', () => {
    expect(orderStatusBadge('unpaid')).toBe('destructive');
    expect(orderStatusBadge('cancelled')).toBe('destructive');
    expect(orderStatusBadge('something-new')).toBe('destructive');
  });
});
