import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payments } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { readGiftValue, recordGiftMovement } from '../ledger/record-gift-movement';
import { recordLedgerEntries } from '../ledger/record-ledger-entries';
import { recordOrderRefund, type PaidOrderAmounts } from '../ledger/record-payment';
import { scheduleOrderTransfers } from '../transfers/transfer-schedule';
import { takeBackTransfer } from './refund-paid-order';
import { splitRefund } from './unspent-amounts';

/** The provider's key for the difference an exchange gives back: one per old gift, so a retry refunds once. */
export const exchangeRefundKey = (orderId: string) => `regalo-exchange-refund-${orderId}`;

export interface GiftExchange {
  /** The gift given up: paid, untouched (nothing used, refunded or expired), row locked by the caller. */
  old: PaidOrderAmounts & { checkoutId: string; paidAt: Date };
  /**
   * The gift it becomes, already written by the caller as a paid order of the same business and
   * purchase, its amounts split at the old gift's rates; its total is at most the old one's.
   */
  replacement: PaidOrderAmounts;
  /** The purchase's payment at the provider (the difference is refunded from it). */
  paymentRef: string;
  now: Date;
}

/**
 * A gift exchanged for another gift of its business costing the same or less (ADR 109), in
 * the caller's transaction:
 * 1. the old gift's share must not reach the business: a transfer still due or failed is
 *    cancelled, a sent one reversed through the provider (its key derived from the order, as a
 *    refund's), the reversal in the ledger;
 * 2. the difference, if any, is refunded to the giver through the provider (key
 *    `exchangeRefundKey`) and enters the ledger as the old gift's refund, split among its
 *    commission, VAT and share as a partial refund is (`splitRefund`);
 * 3. the rest of the old gift's value leaves it as its `exchanged` movement, which settles the
 *    `exchange_*` rows: what the old gift's commission, VAT and share had left;
 * 4. the new gift is issued for its price against the purchase's payment: its commission,
 *    VAT and share owed, and its own transfer, due when it is redeemed or when the purchase's
 *    withdrawal period ends (the purchase's date, not the exchange's).
 * The purchase's payment is thus split between the refund and the new gift, and each euro
 * kept is in a balance. A provider failure throws: the caller's transaction rolls back, and a
 * retry sends the same keys, so the provider reverses and refunds once.
 */
export async function exchangePaidOrder(tx: Executor, ctx: Pick<AppContext, 'payments'>, input: GiftExchange): Promise<{ refunded: number; refundRef: string | null }> {
  const { old, replacement, now } = input;
  if (replacement.businessId !== old.businessId) throw new Error('an exchange stays within one business');
  const difference = old.totalAmount - replacement.totalAmount;
  if (difference < 0) throw AppError.conflict('exchange_costs_more', 'The new gift costs more than the old one');
  const value = await readGiftValue(tx, old.id);
  if (value.remaining !== old.totalAmount || Object.keys(value.byKind).some((kind) => kind !== 'issued')) {
    throw AppError.conflict('gift_not_exchangeable', 'Only an untouched gift is exchanged');
  }

  await takeBackTransfer(tx, ctx, old.id, old.netAmount, now);

  let refundRef: string | null = null;
  let givenBack = { commissionAmount: 0, commissionVatAmount: 0, netAmount: 0 };
  if (difference > 0) {
    try {
      ({ refundRef } = await ctx.payments.refund(input.paymentRef, difference, exchangeRefundKey(old.id)));
    } catch (error) {
      throw new AppError('refund_failed', 502, `The payment provider refused the refund: ${(error as Error).message}`);
    }
    givenBack = splitRefund(old, difference);
    await recordOrderRefund(tx, { ...old, ...givenBack, totalAmount: difference }, { refundRef, at: now });
  }

  const exchanged = await recordGiftMovement(tx, { orderId: old.id, kind: 'exchanged', amount: replacement.totalAmount, at: now, ordinal: 1 });
  const out = { businessId: old.businessId, orderId: old.id, checkoutId: old.checkoutId, movementId: exchanged.id, at: now };
  await recordLedgerEntries(tx, [
    { ...out, kind: 'exchange_commission', amount: old.commissionAmount - givenBack.commissionAmount },
    { ...out, kind: 'exchange_commission_vat', amount: old.commissionVatAmount - givenBack.commissionVatAmount },
    { ...out, kind: 'exchange_share', amount: old.netAmount - givenBack.netAmount },
  ]);

  const [payment] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.checkoutId, old.checkoutId));
  if (!payment) throw new Error(`purchase ${old.checkoutId} has no payment`);
  const issued = await recordGiftMovement(tx, { orderId: replacement.id, kind: 'issued', amount: replacement.totalAmount, paymentId: payment.id, at: now });
  const into = { businessId: replacement.businessId, orderId: replacement.id, checkoutId: old.checkoutId, movementId: issued.id, at: now };
  await recordLedgerEntries(tx, [
    { ...into, kind: 'commission', amount: replacement.commissionAmount },
    { ...into, kind: 'commission_vat', amount: replacement.commissionVatAmount },
    { ...into, kind: 'share_owed', amount: replacement.netAmount },
  ]);
  await scheduleOrderTransfers(tx, [
    { id: replacement.id, movementId: issued.id, businessId: replacement.businessId, checkoutId: old.checkoutId, netAmount: replacement.netAmount, paidAt: old.paidAt },
  ]);
  return { refunded: difference, refundRef };
}
