import { addDays, localDateOf } from '@shared/domain/analytics';
import { endOfLocalDay } from './end-of-local-day';
import { effectiveOrderStatus, type OrderStatus } from '@shared/domain/order-status';

/** How long after its expiry day the recipient may still ask for more time (ADR 064). */
export const EXTENSION_REQUEST_DAYS = 90;

/**
 * Whether the recipient may ask now: the gift expired unused (not redeemed, withdrawn or
 * cancelled), was never asked about before, and its expiry day in Valencia is at most
 * 90 calendar days ago.
 */
export function canRequestExtension(
  order: { status: string; expiresAt: Date; extensionRequestedAt: Date | null },
  now: Date,
): boolean {
  if (order.extensionRequestedAt) return false;
  if (effectiveOrderStatus(order.status as OrderStatus, order.expiresAt, now) !== 'expired') return false;
  return localDateOf(now) <= addDays(localDateOf(order.expiresAt), EXTENSION_REQUEST_DAYS);
}

/** The last instant the recipient may ask: the end of the 90th day after the expiry day. */
export function lastExtensionRequestAt(expiresAt: Date): Date {
  return endOfLocalDay(addDays(localDateOf(expiresAt), EXTENSION_REQUEST_DAYS));
}
