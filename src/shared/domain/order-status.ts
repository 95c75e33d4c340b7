/**
 * unpaid → paid → redeemed; paid → expired at expires_at; unpaid/paid → cancelled (by the
 * platform team, or a purchase discarded before payment); paid → withdrawn (the giver used
 * the right of withdrawal within 14 days and was refunded in full, ADR 064).
 * paid/expired → refund_pending → cancelled or withdrawn: the share was already taken back
 * from the business but the provider's refund failed; a job retries it, and gives the order
 * back (paid, the share re-paid) if it is finally abandoned (ADR 084).
 */
export const orderStatuses = ['unpaid', 'paid', 'redeemed', 'expired', 'cancelled', 'withdrawn', 'refund_pending'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The statuses a business sees: an order nobody paid for is never the business's. */
export const businessOrderStatuses = ['paid', 'redeemed', 'expired', 'cancelled', 'withdrawn', 'refund_pending'] as const satisfies readonly OrderStatus[];

/**
 * What the business's order list can be filtered by: a status, or the orders whose recipient
 * asked for more time and still waits for the owner's answer (ADR 064).
 */
export const businessOrderFilters = [...businessOrderStatuses, 'extension_requested'] as const;
export type BusinessOrderFilter = (typeof businessOrderFilters)[number];

export const checkoutStatuses = ['pending', 'succeeded', 'failed', 'expired'] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];

export const CURRENCY = 'EUR';
export const MIN_VALIDITY_DAYS = 30;
export const MAX_VALIDITY_DAYS = 365;
export const DEFAULT_VALIDITY_DAYS = 365;

/**
 * The status everyone should see: a paid order past its `expires_at` is expired even before
 * the expiry job has written it, so no read ever offers a gift that can no longer be used.
 */
export function effectiveOrderStatus(status: OrderStatus, expiresAt: Date, now: Date): OrderStatus {
  return status === 'paid' && now.getTime() > expiresAt.getTime() ? 'expired' : status;
}
