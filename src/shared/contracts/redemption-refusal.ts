import type { orderStatuses } from '../domain/order-status';

// Without zod: the dashboard's redeem screen explains refusals on its first load (ADR 039).

/** Problem codes of these endpoints besides the guards' and validation_failed. */
export const redemptionErrorCodes = [
  'redemption_code_invalid',
  'order_not_found',
  'order_other_business',
  'order_already_redeemed',
  'order_expired',
  'order_cancelled',
  'order_withdrawn',
  'order_not_paid',
  'rate_limited',
  'insufficient_balance',
  'idempotency_key_reused',
  'gift_not_card',
  'card_use_not_found',
  'undo_window_over',
  'card_use_already_undone',
  'card_not_live',
] as const;
export type RedemptionErrorCode = (typeof redemptionErrorCodes)[number];

/** The refusal a status stands for (null: the order can be redeemed). */
export function refusalForStatus(status: (typeof orderStatuses)[number]): RedemptionErrorCode | null {
  switch (status) {
    case 'paid':
      return null;
    case 'redeemed':
      return 'order_already_redeemed';
    case 'expired':
      return 'order_expired';
    case 'cancelled':
      return 'order_cancelled';
    case 'withdrawn':
      return 'order_withdrawn';
    // Being refunded (ADR 084): no longer the recipient's to use.
    case 'refund_pending':
      return 'order_cancelled';
    case 'unpaid':
      return 'order_not_paid';
  }
}
