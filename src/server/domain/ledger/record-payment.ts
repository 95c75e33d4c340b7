import type { Executor } from '../../db/client';
import { scheduleOrderTransfers } from '../payouts/transfer-schedule';
import { recordLedgerEntries, type LedgerEntryInput } from './record-ledger-entries';

export interface PaidOrderAmounts {
  id: string;
  businessId: string;
  totalAmount: number;
  commissionAmount: number;
  commissionVatAmount: number;
  netAmount: number;
}

/** A paid order's amounts as the ledger reads them (a paid order has all three parts, by a CHECK). */
export function paidAmountsOf(order: {
  id: string;
  businessId: string;
  checkoutId: string | null;
  totalAmount: number;
  commissionAmount: number | null;
  commissionVatAmount: number | null;
  netAmount: number | null;
}): PaidOrderAmounts & { checkoutId: string | null } {
  return {
    id: order.id,
    businessId: order.businessId,
    checkoutId: order.checkoutId,
    totalAmount: order.totalAmount,
    commissionAmount: order.commissionAmount ?? 0,
    commissionVatAmount: order.commissionVatAmount ?? 0,
    netAmount: order.netAmount ?? 0,
  };
}

/**
 * A checkout's payment in the ledger, in the payment's transaction: the giver's charge once
 * per checkout, and per order its commission, the commission's VAT and the business's share
 * owed (which add up to the order's total); each order gets its one transfer, due later.
 * Idempotent: a replay adds nothing.
 */
export async function recordCheckoutPayment(
  tx: Executor,
  input: { checkoutId: string; chargeAmount: number; paymentRef: string | null; paidAt: Date; orders: readonly PaidOrderAmounts[] },
): Promise<void> {
  const { checkoutId, paidAt } = input;
  const entries: LedgerEntryInput[] = [
    {
      kind: 'charge_received',
      amount: input.chargeAmount,
      businessId: null,
      checkoutId,
      providerRef: input.paymentRef,
      idempotencyKey: `charge_received:${checkoutId}`,
      at: paidAt,
    },
  ];
  for (const order of input.orders) {
    if (order.commissionAmount + order.commissionVatAmount + order.netAmount !== order.totalAmount) {
      throw new Error(`order ${order.id}: commission + VAT + net must equal the total`);
    }
    const base = { businessId: order.businessId, orderId: order.id, checkoutId, at: paidAt };
    entries.push(
      { ...base, kind: 'commission', amount: order.commissionAmount },
      { ...base, kind: 'commission_vat', amount: order.commissionVatAmount },
      { ...base, kind: 'share_owed', amount: order.netAmount },
    );
  }
  await recordLedgerEntries(tx, entries);
  await scheduleOrderTransfers(
    tx,
    input.orders.map((o) => ({ id: o.id, businessId: o.businessId, checkoutId, netAmount: o.netAmount, paidAt })),
  );
}

/**
 * The platform team's refund of one order in the ledger: its commission, VAT and share come
 * back out, adding up to the total given back to the giver.
 */
export async function recordOrderRefund(
  tx: Executor,
  order: PaidOrderAmounts & { checkoutId: string | null },
  refund: { refundRef: string | null; at: Date },
): Promise<void> {
  const base = { businessId: order.businessId, orderId: order.id, checkoutId: order.checkoutId, providerRef: refund.refundRef, at: refund.at };
  await recordLedgerEntries(tx, [
    { ...base, kind: 'refund_commission', amount: order.commissionAmount },
    { ...base, kind: 'refund_commission_vat', amount: order.commissionVatAmount },
    { ...base, kind: 'refund_share', amount: order.netAmount },
  ]);
}

/**
 * A payment that arrived after its checkout was closed, and was given back whole in the same
 * transaction (features/checkout/handle-payment-event.ts): the charge and its refund, so the
 * ledger has every movement the provider has. No order was paid: no business is involved.
 * Keyed by the checkout (a replayed event adds nothing).
 */
export async function recordLatePaymentRefund(
  tx: Executor,
  input: { checkoutId: string; amount: number; paymentRef: string; refundRef: string; at: Date },
): Promise<void> {
  const base = { businessId: null, checkoutId: input.checkoutId, amount: input.amount, at: input.at };
  await recordLedgerEntries(tx, [
    { ...base, kind: 'charge_received', providerRef: input.paymentRef, idempotencyKey: `charge_received:${input.checkoutId}` },
    { ...base, kind: 'charge_refunded', providerRef: input.refundRef, idempotencyKey: `charge_refunded:${input.checkoutId}` },
  ]);
}
