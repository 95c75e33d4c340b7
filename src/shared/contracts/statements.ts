import { LOCALES } from '../locale';
import { z } from 'zod';
import { STATEMENT_MONTH_PATTERN } from '../domain/statement-month';

/**
 * A business's monthly statement (ADR 060): one calendar month in Europe/Madrid, every
 * amount in integer cents and taken from the ledger (ADR 053).
 *
 * The balance is what Regalo holds for the business (the ledger's `owed`): the shares of its
 * paid orders, less refunds, less what was transferred, plus what was reversed. So
 * closing = opening + Σ balanceChange over the lines.
 *
 * Owner (the business the signed-in user owns; 401 anonymous, 403 `no_business`):
 * GET /api/business/statements                    → statementMonthsSchema
 * GET /api/business/statements/:month             → statementSchema
 * GET /api/business/statements/:month/csv         → text/csv for the accountant (?lang=en|es)
 * Admin (403 for everyone else):
 * GET /api/admin/businesses/:id/statements        → statementMonthsSchema
 * GET /api/admin/businesses/:id/statements/:month → statementSchema
 * GET /api/admin/businesses/:id/statements/:month/csv
 * GET /api/admin/statements/:month                → monthTotalsSchema (every business)
 * A month before the business existed, or after the current one, is 404 `statement_not_found`.
 */

export const statementMonthSchema = z.string().regex(STATEMENT_MONTH_PATTERN);
export const statementMonthParamsSchema = z.object({ month: statementMonthSchema });
export const adminStatementParamsSchema = z.object({ id: z.string().uuid(), month: statementMonthSchema });
export const csvQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });

export const statementMonthsSchema = z.object({
  /** Newest first: the current month back to the business's first. */
  months: z.array(statementMonthSchema),
});
export type StatementMonths = z.infer<typeof statementMonthsSchema>;

/**
 * What a line records:
 * - order_paid: the order's gross, Regalo's commission, its VAT and the business's share (owed);
 * - order_redeemed / order_expired: the same amounts, for the record (the balance does not move);
 * - order_cancelled: the refund, as negative amounts (the share leaves the balance);
 * - order_withdrawn: the same for a refund because the giver withdrew within 14 days (ADR 064);
 * - transfer_sent / transfer_reversed: the share leaving for the payout account, or coming back;
 * - invoice_vat_adjustment: an invoice's VAT (its rate on its base) less the per-order VAT
 *   withheld for it (ADR 093): positive commission VAT taken from the balance, or negative
 *   given back. No order: `orderId` is null and `giftName` holds the invoice's number.
 * - card_used / card_use_undone / card_expired: a gift card's use at the counter, a use undone
 *   (negative) and the balance that expired with it (ADR 104): information only (the business
 *   charges VAT when a card is used, so it needs each use with its date and amount); `gross`
 *   is the amount, the other amounts 0, the balance does not move.
 */
export const statementLineKinds = [
  'order_paid',
  'order_redeemed',
  'order_expired',
  'order_cancelled',
  'order_withdrawn',
  'transfer_sent',
  'transfer_reversed',
  'invoice_vat_adjustment',
  'card_used',
  'card_use_undone',
  'card_expired',
] as const;
export type StatementLineKind = (typeof statementLineKinds)[number];

export const statementLineSchema = z.object({
  at: z.string(),
  kind: z.enum(statementLineKinds),
  orderId: z.string().nullable(),
  /** The gift's name, or the invoice's number on an invoice_vat_adjustment line. */
  giftName: z.string(),
  gross: z.number().int(),
  commission: z.number().int(),
  commissionVat: z.number().int(),
  share: z.number().int(),
  /** What the line does to the balance Regalo holds for the business. */
  balanceChange: z.number().int(),
  /** The balance after the line. */
  balance: z.number().int(),
  /** The provider's transfer id (transfer lines). */
  providerRef: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementTotalsSchema = z.object({
  /** Orders paid in the month. */
  gross: z.number().int(),
  commission: z.number().int(),
  commissionVat: z.number().int(),
  share: z.number().int(),
  /** The business's share of orders refunded in the month. */
  refunded: z.number().int(),
  transferred: z.number().int(),
  reversed: z.number().int(),
});
export type StatementTotals = z.infer<typeof statementTotalsSchema>;

const commissionFiguresSchema = z.object({ charged: z.number().int(), refunded: z.number().int(), net: z.number().int() });

/** shared/domain/statement-summary.ts: opening + Σ movements = closing, every movement signed. */
export const statementSummarySchema = z.object({
  opening: z.number().int(),
  movements: z.object({ paidShare: z.number().int(), refundedShare: z.number().int(), transferred: z.number().int(), reversed: z.number().int(), invoiceVat: z.number().int() }),
  closing: z.number().int(),
  commission: commissionFiguresSchema,
  /** `adjusted`: the month's invoice VAT adjustments (ADR 093), included in `net`. */
  commissionVat: commissionFiguresSchema.extend({ adjusted: z.number().int() }),
});

export const statementSchema = z.object({
  month: statementMonthSchema,
  businessId: z.string(),
  businessName: z.string(),
  /** The month's bounds as instants (Madrid midnight on the 1st, exclusive end). */
  from: z.string(),
  to: z.string(),
  openingBalance: z.number().int(),
  closingBalance: z.number().int(),
  /**
   * The instant the closing balance stands at: the month's end, or now for the month still
   * running (`inProgress`), whose closing balance is "to date", never dated ahead.
   */
  closesAt: z.string(),
  inProgress: z.boolean(),
  totals: statementTotalsSchema,
  /** What every summary shows (email, cards, printed page, CSV), computed once from the lines. */
  summary: statementSummarySchema,
  /** In time order. */
  lines: z.array(statementLineSchema),
  /**
   * What the holders of the business's gift cards may still spend there at `closesAt` (ADR
   * 104: the business holds it from the card's first use); absent when it sold no card.
   */
  cardBalance: z.number().int().optional(),
});
export type Statement = z.infer<typeof statementSchema>;

export const monthTotalsRowSchema = statementTotalsSchema.extend({
  businessId: z.string(),
  businessName: z.string(),
  openingBalance: z.number().int(),
  closingBalance: z.number().int(),
});
export const monthTotalsSchema = z.object({
  month: statementMonthSchema,
  /** Businesses with a balance or a movement in the month, by name. */
  businesses: z.array(monthTotalsRowSchema),
  totals: monthTotalsRowSchema.omit({ businessId: true, businessName: true }),
});
export type MonthTotals = z.infer<typeof monthTotalsSchema>;

export const statementErrorCodes = ['statement_not_found'] as const;
