import { WITHDRAWAL_PERIOD_DAYS } from './payouts';
import { computeExpiresAt } from './validity';

/**
 * The giver's right to withdraw from the contract (art. 9 and 11a of Directive 2011/83/EU,
 * ADR 064). The 14 days are counted as calendar days in Madrid from the day after payment,
 * and the last one ends at midnight there (Regulation 1182/71 art. 3): paid on 1 March at any
 * hour, the right lasts until 15 March 23:59:59.999 Madrid time, whatever summer time does
 * in between.
 */
export function withdrawalDeadline(paidAt: Date): Date {
  return computeExpiresAt(paidAt, WITHDRAWAL_PERIOD_DAYS);
}

/** The form's limits (no zod here: the web page reads them on its first load). */
export const WITHDRAWAL_LIMITS = { name: 200, email: 254, orders: 50 } as const;

/**
 * Where an order stands with the right:
 * - open: it can be withdrawn now, until `withdrawalDeadline`;
 * - withdrawn: it was (its refund perhaps still pending);
 * - redeemed: the gift was used, so the right is gone;
 * - ended: the 14 days are over;
 * - none: never paid, or cancelled by the platform team (nothing left to withdraw from).
 */
export const withdrawalStates = ['open', 'withdrawn', 'redeemed', 'ended', 'none'] as const;
export type WithdrawalState = (typeof withdrawalStates)[number];

export function withdrawalStateOf(order: { status: string; paidAt: Date | null; withdrawnAt?: Date | null }, now: Date): WithdrawalState {
  // Withdrawn with its refund still pending (ADR 084) is withdrawn for the giver.
  if (order.status === 'withdrawn' || (order.status === 'refund_pending' && order.withdrawnAt)) return 'withdrawn';
  if (order.status === 'redeemed') return 'redeemed';
  if (!order.paidAt || (order.status !== 'paid' && order.status !== 'expired')) return 'none';
  return now.getTime() <= withdrawalDeadline(order.paidAt).getTime() ? 'open' : 'ended';
}
