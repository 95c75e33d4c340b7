/**
 * Money out (ADR 053): the words the ledger, the transfers and the payout accounts are
 * written in, shared by the server (CHECK constraints, use cases) and the web app (labels).
 */

/** The days after payment in which a giver may withdraw; the business is paid at its end at the latest. */
export const WITHDRAWAL_PERIOD_DAYS = 14;

/** Regalo's commission carries Spanish IVA at this percentage unless COMMISSION_VAT_RATE says otherwise. */
export const DEFAULT_COMMISSION_VAT_RATE = 21;

/**
 * Every kind of ledger row. Amounts are positive cents; each kind's sign in a balance is
 * fixed (see `ledgerBalanceTerms`), so a row never needs a negative amount.
 * - charge_received: one per checkout, the giver's whole payment (no business).
 * - charge_refunded: the whole payment given back because it arrived after its checkout was
 *   closed (a gift cancelled before payment, or the checkout expired): one per checkout, no
 *   business; no order was paid, so it is in no balance.
 * - commission / commission_vat / share_owed: one each per order at payment; they add up to
 *   the order's total.
 * - refund_commission / refund_commission_vat / refund_share: one each per order refunded by
 *   the platform team; together the refund given back to the giver.
 * - transfer_sent / transfer_reversed: the business's share leaving for its payout account
 *   and coming back (a platform cancellation after the transfer); one each per provider
 *   movement: an order has a second pair only when its refund was abandoned and its share
 *   paid again (ADR 084).
 * - transfer_failed: an attempt the provider (or the local check) refused; moves no money,
 *   counted in no balance, kept so the statement and the admin can show it.
 * - payout_paid / payout_failed: the provider paid the business's balance to its bank (or
 *   the bank returned it); one per provider payout id.
 * - invoice_vat_charged / invoice_vat_credited: the difference between an invoice's VAT (its
 *   rate applied to its base) and the per-order VAT withheld for its lines, charged to the
 *   business or given back to it; at most one per invoice (key `invoice_vat_adjustment:<id>`),
 *   written with the invoice (ADR 093). No provider movement: it moves the balance Regalo
 *   holds for the business.
 * - gift_redeemed: the recipient used a gift's value at its business (the redemption's
 *   movement, ADR 096). Moves no money between Regalo and the business — the share was owed
 *   at payment and its transfer falls due now — so it is in no balance and no statement sum.
 * - gift_redemption_undone: a card's use undone (ADR 104), settled by the undoing movement;
 *   like the use, it moves no money and is in no balance.
 * - exchange_commission / exchange_commission_vat / exchange_share: a gift exchanged for another
 *   of its business (ADR 109): what of the old gift's commission, VAT and share was not refunded
 *   to the giver leaves the old gift, settled by its `exchanged` movement; the new gift's own
 *   commission, VAT and share enter at its issue. No provider movement: the money stays with
 *   Regalo; one each per old gift.
 */
export const ledgerKinds = [
  'charge_received',
  'charge_refunded',
  'commission',
  'commission_vat',
  'share_owed',
  'refund_commission',
  'refund_commission_vat',
  'refund_share',
  'transfer_sent',
  'transfer_failed',
  'transfer_reversed',
  'payout_paid',
  'payout_failed',
  'invoice_vat_charged',
  'invoice_vat_credited',
  'gift_redeemed',
  'gift_redemption_undone',
  'exchange_commission',
  'exchange_commission_vat',
  'exchange_share',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/**
 * The kinds a gift movement is settled by exactly once (a unique index on movement and kind,
 * ADR 096): the commission, VAT and share, a refund's three rows, a redemption's row,
 * an undone use's row, an exchange's three rows.
 */
export const settledOnceLedgerKinds = [
  'commission',
  'commission_vat',
  'share_owed',
  'refund_commission',
  'refund_commission_vat',
  'refund_share',
  'gift_redeemed',
  'gift_redemption_undone',
  'exchange_commission',
  'exchange_commission_vat',
  'exchange_share',
] as const satisfies readonly LedgerKind[];

/**
 * What each balance sums, kind by kind (+1 adds, −1 subtracts). The one definition the SQL
 * sums and the property test both use.
 * - owed: the business's share Regalo still holds for it;
 * - inTransit: transferred to its payout account, not yet paid to its bank;
 * - paidOut: paid to its bank;
 * - commission / commissionVat: what Regalo earned (net of refunds) and the VAT it owes on it
 *   (the invoices' VAT once they are issued, ADR 093).
 */
export const ledgerBalanceTerms = {
  owed: { share_owed: 1, refund_share: -1, exchange_share: -1, transfer_sent: -1, transfer_reversed: 1, invoice_vat_charged: -1, invoice_vat_credited: 1 },
  inTransit: { transfer_sent: 1, transfer_reversed: -1, payout_paid: -1, payout_failed: 1 },
  paidOut: { payout_paid: 1, payout_failed: -1 },
  commission: { commission: 1, refund_commission: -1, exchange_commission: -1 },
  commissionVat: { commission_vat: 1, refund_commission_vat: -1, exchange_commission_vat: -1, invoice_vat_charged: 1, invoice_vat_credited: -1 },
} as const satisfies Record<string, Partial<Record<LedgerKind, 1 | -1>>>;
export type LedgerBalanceName = keyof typeof ledgerBalanceTerms;

/**
 * An order's one transfer:
 * - due: waiting for its moment (`next_attempt_at`: redemption, or the end of the withdrawal period);
 * - sent: the provider accepted it;
 * - failed: the last attempt was refused; retried at `next_attempt_at` (back-off) or as soon
 *   as the payout account is fixed;
 * - reversed: sent, then taken back because the order was cancelled or withdrawn (due
 *   again if the refund that followed is finally abandoned, ADR 084);
 * - cancelled: the order was cancelled before it was sent, so it never goes.
 */
export const transferStates = ['due', 'sent', 'failed', 'reversed', 'cancelled'] as const;
export type TransferState = (typeof transferStates)[number];

/**
 * An order's refund through the provider, once it needed more than one try (ADR 084):
 * - refused: a request's refund failed and nothing else had moved at the provider, so the
 *   request changed nothing; the next try (a later withdrawal or cancellation) uses the key
 *   this row says;
 * - pending: the share was already taken back from the business, so the order waits in
 *   `refund_pending` and the refunds job retries at `next_attempt_at`;
 * - refunded: done;
 * - abandoned: the job gave up; the order is live again and its share is paid again.
 */
export const orderRefundStates = ['refused', 'pending', 'refunded', 'abandoned'] as const;
export type OrderRefundState = (typeof orderRefundStates)[number];

export const payoutProviders = ['test', 'stripe'] as const;
export type PayoutProvider = (typeof payoutProviders)[number];

/** What a reconciliation found: a movement on one side only, or on both with different amounts. */
export const reconciliationDifferenceKinds = ['missing_in_provider', 'missing_in_ledger', 'amount_mismatch'] as const;
export type ReconciliationDifferenceKind = (typeof reconciliationDifferenceKinds)[number];
