import type { OrderStatus } from '@shared/domain/order-status';

/** Badge variants of the design system that an order status can take. */
export type StatusBadgeVariant = 'success' | 'info' | 'neutral' | 'destructive';

/**
 * The specification styles paid, redeemed and expired orders; every other status (unpaid,
 * cancelled, or one added later) takes the red default so it never looks like good news.
 */
export function orderStatusBadge(status: OrderStatus | (string & {})): StatusBadgeVariant {
  switch (status) {
    case 'paid':
      return 'success';
    case 'redeemed':
      return 'info';
    case 'expired':
      return 'neutral';
    default:
      return 'destructive';
  }
}
