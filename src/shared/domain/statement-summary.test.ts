import { describe, expect, it } from 'vitest';
import { statementMovementKinds, summarizeStatement, type StatementSummaryLine } from './statement-summary';

const line = (kind: StatementSummaryLine['kind'], balanceChange: number, commission = 0, commissionVat = 0): StatementSummaryLine => ({ kind, balanceChange, commission, commissionVat });

describe('statement summary', () => {
  it('gives each movement kind its own signed figure, and opening + movements = closing', () => {
    const summary = summarizeStatement(2890, [
      line('order_paid', 95376, 10850, 2279),
      line('order_redeemed', 0, 250, 53),
      line('order_expired', 0, 250, 53),
      line('order_cancelled', -2197, -250, -53),
      line('order_withdrawn', -2197, -250, -53),
      line('transfer_sent', -1434),
      line('transfer_reversed', 1434),
      // An invoice's VAT was a cent above what the orders withheld (ADR 093): taken from the balance.
      line('invoice_vat_adjustment', -1, 0, 1),
    ]);
    expect(summary.movements).toEqual({ paidShare: 95376, refundedShare: -4394, transferred: -1434, reversed: 1434, invoiceVat: -1 });
    expect(summary.closing).toBe(2890 + 95376 - 4394 - 1434 + 1434 - 1);
    expect(statementMovementKinds.reduce((s, k) => s + summary.movements[k], summary.opening)).toBe(summary.closing);
    expect(summary.commission).toEqual({ charged: 10850, refunded: -500, net: 10350 });
    expect(summary.commissionVat).toEqual({ charged: 2279, refunded: -106, adjusted: 1, net: 2174 });
  });

  it('has no negative zero in an empty month', () => {
    const summary = summarizeStatement(-0, []);
    for (const value of [summary.opening, summary.closing, ...Object.values(summary.movements), ...Object.values(summary.commission), ...Object.values(summary.commissionVat)]) expect(Object.is(value, 0)).toBe(true);
  });
});
