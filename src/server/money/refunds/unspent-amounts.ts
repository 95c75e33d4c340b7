import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { giftMovements } from '../../db/schema/orders';
import type { PaidOrderAmounts } from '../ledger/record-payment';

/**
 * What a refund of this gift gives back, and from which of its parts (ADR 104): the value not
 * used at the business (issued − used + uses undone − exchanged; an expiry does not count, a
 * refund lifts it first). A fixed gift or an unused card: all of it, its own three parts. A
 * card spent in part: its unspent balance (art. 14(3) of Directive 2011/83: what was used is
 * paid for), split among commission, commission VAT and share by `splitRefund`.
 */
export async function unspentAmounts<T extends PaidOrderAmounts>(tx: Executor, order: T): Promise<T> {
  const rows = await tx.select({ kind: giftMovements.kind, amount: giftMovements.amount }).from(giftMovements).where(eq(giftMovements.orderId, order.id));
  const sum = (kind: string) => rows.filter((m) => m.kind === kind).reduce((total, m) => total + m.amount, 0);
  const issued = sum('issued') || order.totalAmount;
  const unspent = issued - sum('redeemed') + sum('redemption_undone') - sum('exchanged');
  if (unspent >= order.totalAmount) return order;
  return { ...order, ...splitRefund(order, unspent) };
}

/**
 * A part `refund` of a gift's total split among its commission, commission VAT and share in
 * whole cents, in proportion (largest remainder): each part gets the floor of its exact share,
 * the cents left over go to the parts with the largest fractions, ties to the share. The three
 * add up to the refund, none exceeds its part, and the whole total gives back the parts
 * exactly; the business gives back the remainder cent, never Regalo more commission than it
 * earned.
 */
export function splitRefund(
  order: Pick<PaidOrderAmounts, 'totalAmount' | 'commissionAmount' | 'commissionVatAmount' | 'netAmount'>,
  refund: number,
): Pick<PaidOrderAmounts, 'totalAmount' | 'commissionAmount' | 'commissionVatAmount' | 'netAmount'> {
  if (!Number.isSafeInteger(refund) || refund < 0 || refund > order.totalAmount) throw new RangeError(`refund ${refund} of ${order.totalAmount}`);
  // The share first: it wins ties.
  const parts = [order.netAmount, order.commissionAmount, order.commissionVatAmount].map((part, index) => {
    const exact = part * refund;
    return { index, floor: Math.floor(exact / order.totalAmount), fraction: exact % order.totalAmount };
  });
  let left = refund - parts.reduce((sum, p) => sum + p.floor, 0);
  for (const part of [...parts].sort((a, b) => b.fraction - a.fraction || a.index - b.index)) {
    if (left === 0) break;
    part.floor += 1;
    left -= 1;
  }
  const [net, commission, vat] = parts.map((p) => p.floor) as [number, number, number];
  return { totalAmount: refund, commissionAmount: commission, commissionVatAmount: vat, netAmount: net };
}
