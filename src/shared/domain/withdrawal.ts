import { WITHDRAWAL_PERIOD_DAYS } from './payouts';
import { periodEndOnWorkingDay } from './working-days';

/**
 * The giver's right to withdraw from the contract (art. 9 and 11a of Directive 2011/83/EU,
 * ADR 064). The 14 days are counted as calendar days in Madrid from the day after payment,
 * and the last one ends at midnight there (Regulation 1182/71 art. 3): paid on 1 March 2027
 * at any hour, the right lasts until 15 March 23:59:59.999 Madrid time, whatever summer time
 * does in between. When the 14th day is a Saturday, a Sunday or a public holiday, the right
 * lasts to the end of the next working day (art. 3(4), working-days.ts, ADR 083): paid on
 * Sunday 6 December 2026, it lasts until Monday 21 December.
 */
export function withdrawalDeadline(paidAt: Date): Date {
  return periodEndOnWorkingDay(paidAt, WITHDRAWAL_PERIOD_DAYS);
}

/** The form's limits (no zod here: the web page reads them on its first load). */
export const WITHDRAWAL_LIMITS = { name: 200, email: 254, orders: 50 } as const;

/**
 * Where an order stands with the right:
 * - open: it can be withdrawn now, until `withdrawalDeadline`;
 * - withdrawn: it was (its refund perhaps still pending);
 * - redeemed: the gift was used, so the right is gone;
 * - ended: the period is over (14 days, to the end of a working day);
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
