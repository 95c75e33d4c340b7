import type { Executor } from '../../db/client';
import { scheduleOrderTransfers } from '../transfers/transfer-schedule';
import { recordGiftMovement, recordPurchasePayment, recordRefundMovement } from './record-gift-movement';
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
 * A checkout's payment, in the payment's transaction (ADR 096): the purchase's payment and
 * the giver's charge in the ledger once per checkout; per order its `issued` movement (its
 * whole value), and settled by that movement the commission, the commission's VAT and the
 * business's share owed (which add up to the order's total) and its one transfer, due later.
 * Idempotent: a replay adds nothing.
 */
export async function recordCheckoutPayment(
  tx: Executor,
  input: { checkoutId: string; chargeAmount: number; paymentRef: string | null; paidAt: Date; orders: readonly PaidOrderAmounts[] },
): Promise<void> {
  const { checkoutId, paidAt } = input;
  const paymentId = await recordPurchasePayment(tx, { checkoutId, amount: input.chargeAmount, providerRef: input.paymentRef, at: paidAt });
  const entries: LedgerEntryInput[] = [
    {
      kind: 'charge_received',
      amount: input.chargeAmount,
      businessId: null,
      checkoutId,
      paymentId,
      providerRef: input.paymentRef,
      idempotencyKey: `charge_received:${checkoutId}`,
      at: paidAt,
    },
  ];
  const issued: { order: PaidOrderAmounts; movementId: string }[] = [];
  for (const order of input.orders) {
    if (order.commissionAmount + order.commissionVatAmount + order.netAmount !== order.totalAmount) {
      throw new Error(`order ${order.id}: commission + VAT + net must equal the total`);
    }
    const { id: movementId } = await recordGiftMovement(tx, { orderId: order.id, kind: 'issued', amount: order.totalAmount, paymentId, at: paidAt });
    issued.push({ order, movementId });
    const base = { businessId: order.businessId, orderId: order.id, checkoutId, movementId, at: paidAt };
    entries.push(
      { ...base, kind: 'commission', amount: order.commissionAmount },
      { ...base, kind: 'commission_vat', amount: order.commissionVatAmount },
      { ...base, kind: 'share_owed', amount: order.netAmount },
    );
  }
  await recordLedgerEntries(tx, entries);
  await scheduleOrderTransfers(
    tx,
    issued.map(({ order: o, movementId }) => ({ id: o.id, movementId, businessId: o.businessId, checkoutId, netAmount: o.netAmount, paidAt })),
  );
}

/**
 * The refund of one order (the team's cancellation, the giver's withdrawal, the refunds job):
 * its `refunded` movement, and settled by it the commission, VAT and share coming back out
 * of the ledger, adding up to the total given back to the giver.
 */
export async function recordOrderRefund(
  tx: Executor,
  order: PaidOrderAmounts & { checkoutId: string | null },
  refund: { refundRef: string | null; at: Date },
): Promise<void> {
  const movementId = await recordRefundMovement(tx, { orderId: order.id, amount: order.totalAmount, at: refund.at });
  const base = { businessId: order.businessId, orderId: order.id, checkoutId: order.checkoutId, movementId, providerRef: refund.refundRef, at: refund.at };
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
