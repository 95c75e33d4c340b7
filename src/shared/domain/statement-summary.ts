/**
 * A statement's summary: what every surface a business reads (the monthly email, the Payouts
 * tab's cards and their printed page, the CSV's balance rows) shows, computed once here from
 * the statement's lines in integer cents. Each movement is signed as it changes the balance
 * Regalo holds for the business, so opening + paid share + refunded share + transferred +
 * reversed + invoice VAT adjustments = closing, line by line; refunds, reversals and
 * adjustments are lines of their own.
 *
 * The commission figures say what they are: the commission (and its IVA) on gifts paid in the
 * month before any refund, what refunds of the month gave back (negative), and the net. They
 * are not the month's invoice: an invoice covers the commission of orders paid in its month,
 * net of the refunds known when it was issued.
 */

/** The balance movements, in the order a summary lists them. */
export const statementMovementKinds = ['paidShare', 'refundedShare', 'transferred', 'reversed', 'invoiceVat'] as const;
export type StatementMovementKind = (typeof statementMovementKinds)[number];

export interface StatementSummaryLine {
  kind:
    | 'order_paid'
    | 'order_redeemed'
    | 'order_expired'
    | 'order_cancelled'
    | 'order_withdrawn'
    | 'transfer_sent'
    | 'transfer_reversed'
    | 'invoice_vat_adjustment'
    | 'card_used'
    | 'card_use_undone'
    | 'card_expired';
  commission: number;
  commissionVat: number;
  balanceChange: number;
}

export interface StatementSummary {
  opening: number;
  movements: Record<StatementMovementKind, number>;
  closing: number;
  commission: { charged: number; refunded: number; net: number };
  /** `adjusted`: the invoices' VAT less the per-order VAT withheld for them (ADR 093). */
  commissionVat: { charged: number; refunded: number; adjusted: number; net: number };
}

const movementOf: Partial<Record<StatementSummaryLine['kind'], StatementMovementKind>> = {
  order_paid: 'paidShare',
  order_cancelled: 'refundedShare',
  order_withdrawn: 'refundedShare',
  transfer_sent: 'transferred',
  transfer_reversed: 'reversed',
  invoice_vat_adjustment: 'invoiceVat',
};

/** `0` for `-0`: a sum of nothing negated must never print as "-0,00 €". */
const plain = (cents: number) => cents + 0;

export function summarizeStatement(opening: number, lines: readonly StatementSummaryLine[]): StatementSummary {
  const movements: Record<StatementMovementKind, number> = { paidShare: 0, refundedShare: 0, transferred: 0, reversed: 0, invoiceVat: 0 };
  const commission = { charged: 0, refunded: 0, net: 0 };
  const commissionVat = { charged: 0, refunded: 0, adjusted: 0, net: 0 };
  for (const line of lines) {
    const movement = movementOf[line.kind];
    if (!movement) continue; // redemptions and expiries move no money
    movements[movement] += line.balanceChange;
    if (movement === 'paidShare') {
      commission.charged += line.commission;
      commissionVat.charged += line.commissionVat;
    } else if (movement === 'refundedShare') {
      // Refund lines carry their amounts negative already.
      commission.refunded += line.commission;
      commissionVat.refunded += line.commissionVat;
    } else if (movement === 'invoiceVat') {
      commissionVat.adjusted += line.commissionVat;
    }
  }
  commission.net = commission.charged + commission.refunded;
  commissionVat.net = commissionVat.charged + commissionVat.refunded + commissionVat.adjusted;
  for (const key of statementMovementKinds) movements[key] = plain(movements[key]);
  const closing = statementMovementKinds.reduce((sum, key) => sum + movements[key], opening);
  return {
    opening: plain(opening),
    movements,
    closing: plain(closing),
    commission: { charged: plain(commission.charged), refunded: plain(commission.refunded), net: plain(commission.net) },
    commissionVat: { charged: plain(commissionVat.charged), refunded: plain(commissionVat.refunded), adjusted: plain(commissionVat.adjusted), net: plain(commissionVat.net) },
  };
}

/**
 * The day a statement's closing balance is dated: the month's last day, or for the month still
 * running the moment it was read ("to date"), never a day still ahead.
 */
export function statementClosingDay(statement: { to: string; closesAt: string; inProgress: boolean }): Date {
  return statement.inProgress ? new Date(statement.closesAt) : new Date(new Date(statement.to).getTime() - 1);
}
