import { and, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Statement, StatementLine, StatementLineKind } from '@shared/contracts/statements';
import type { LedgerKind } from '@shared/domain/payouts';
import { madridMonthBounds } from '@shared/domain/statement-month';
import { summarizeStatement } from '@shared/domain/statement-summary';
import type { Executor } from '../../db/client';
import { gifts } from '../../db/schema/gifts';
import { giftMovements, orders } from '../../db/schema/orders';
import { giftMovementSigns, type GiftMovementKind } from '@shared/domain/gift-movements';
import { ledgerEntries } from '../../db/schema/payouts';
import { getBusinessBalances } from '../ledger/ledger-balances';
import type { StatementBusiness } from './statement-business';

/** Lines at the same instant read in this order (a payment before its transfer). */
const lineOrder: Record<StatementLineKind, number> = {
  order_paid: 0,
  order_redeemed: 1,
  transfer_sent: 2,
  order_expired: 3,
  order_cancelled: 4,
  order_withdrawn: 4,
  transfer_reversed: 5,
  invoice_vat_adjustment: 6,
  card_used: 1,
  card_use_undone: 1,
  card_expired: 3,
};

/** A gift card's movements as statement lines (ADR 104), for the record. */
const cardLineOf: Partial<Record<string, { kind: StatementLineKind; sign: 1 | -1 }>> = {
  redeemed: { kind: 'card_used', sign: 1 },
  redemption_undone: { kind: 'card_use_undone', sign: -1 },
  expired: { kind: 'card_expired', sign: 1 },
};

/** The ledger kinds a statement reads; payouts to the bank and failed attempts move no owed money. */
const statementKinds: LedgerKind[] = [
  'commission',
  'commission_vat',
  'share_owed',
  'refund_commission',
  'refund_commission_vat',
  'refund_share',
  'exchange_commission',
  'exchange_commission_vat',
  'exchange_share',
  'transfer_sent',
  'transfer_reversed',
];

interface OrderAmounts {
  commission: number;
  commissionVat: number;
  share: number;
}

/**
 * One business's statement for one Madrid month (contract: shared/contracts/statements.ts).
 * Opening and closing balances are ledger sums up to the month's bounds; the lines are the
 * month's ledger rows (payments, refunds, transfers, reversals) and the redemptions and
 * expiries of the month, with each order's amounts as the ledger recorded them at payment.
 */
export async function getBusinessStatement(db: Executor, business: StatementBusiness, month: string, now: Date): Promise<Statement> {
  const { from, to } = madridMonthBounds(month);
  const [opening, closing] = await Promise.all([
    getBusinessBalances(db, business.id, { to: from }),
    getBusinessBalances(db, business.id, { to }),
  ]);

  const movements = await db
    .select({
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
      orderId: ledgerEntries.orderId,
      providerRef: ledgerEntries.providerRef,
      at: ledgerEntries.createdAt,
      giftName: gifts.name,
      orderStatus: orders.status,
    })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .where(
      and(
        eq(ledgerEntries.businessId, business.id),
        inArray(ledgerEntries.kind, statementKinds),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    );

  // Redemptions and expiries are not money movements: they come from the orders themselves.
  // An order counts as expired once its expiry has passed, even before the job has written it.
  const endOfWindow = to.getTime() < now.getTime() ? to : now;
  const events = await db
    .select({
      id: orders.id,
      giftName: gifts.name,
      status: orders.status,
      redeemedAt: orders.redeemedAt,
      expiresAt: orders.expiresAt,
      commission: orders.commissionAmount,
      commissionVat: orders.commissionVatAmount,
      share: orders.netAmount,
    })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .where(
      and(
        eq(orders.businessId, business.id),
        // A card's uses and expiry are its movements' lines (below), not the order's.
        eq(orders.valueKind, 'fixed'),
        or(
          and(eq(orders.status, 'redeemed'), gte(orders.redeemedAt, from), lt(orders.redeemedAt, to)),
          and(inArray(orders.status, ['paid', 'expired']), isNotNull(orders.paidAt), gte(orders.expiresAt, from), lt(orders.expiresAt, endOfWindow)),
        ),
      ),
    );

  // Each order's amounts as the ledger recorded them at payment (orders paid before the ledger
  // existed have none: their own columns hold the same figures).
  const paymentAmounts = new Map<string, OrderAmounts>();
  if (events.length > 0) {
    const rows = await db
      .select({ orderId: ledgerEntries.orderId, kind: ledgerEntries.kind, amount: sql<number>`sum(${ledgerEntries.amount})::int` })
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.orderId, events.map((e) => e.id)), inArray(ledgerEntries.kind, ['commission', 'commission_vat', 'share_owed'])))
      .groupBy(ledgerEntries.orderId, ledgerEntries.kind);
    for (const row of rows) addAmount(paymentAmounts, row.orderId!, row.kind, row.amount);
  }

  // An invoice's VAT adjustment (ADR 093) belongs to no order: it names its invoice.
  const adjustments = await db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, invoiceNumber: ledgerEntries.providerRef, at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.businessId, business.id),
        inArray(ledgerEntries.kind, ['invoice_vat_charged', 'invoice_vat_credited']),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    );

  type Draft = Omit<StatementLine, 'balance'> & { time: number };
  const drafts: Draft[] = [];
  const line = (kind: StatementLineKind, at: Date, orderId: string | null, giftName: string, amounts: OrderAmounts, balanceChange: number, providerRef: string | null = null): Draft => ({
    at: at.toISOString(),
    time: at.getTime(),
    kind,
    orderId,
    giftName,
    gross: amounts.commission + amounts.commissionVat + amounts.share,
    ...amounts,
    balanceChange,
    providerRef,
  });

  // A payment (or a refund) is three ledger rows of one order: one line each.
  const payments = new Map<string, { at: Date; giftName: string; amounts: OrderAmounts }>();
  const refunds = new Map<string, { at: Date; giftName: string; amounts: OrderAmounts; withdrawn: boolean }>();
  for (const m of movements) {
    if (m.kind === 'transfer_sent' || m.kind === 'transfer_reversed') {
      const sent = m.kind === 'transfer_sent';
      drafts.push(line(sent ? 'transfer_sent' : 'transfer_reversed', m.at, m.orderId!, m.giftName, { commission: 0, commissionVat: 0, share: 0 }, sent ? -m.amount : m.amount, m.providerRef));
      continue;
    }
    const backOut = /^(refund|exchange)_/.exec(m.kind)?.[0];
    const isRefund = backOut !== undefined;
    const group = isRefund ? refunds : payments;
    // A refund is the giver's withdrawal (ADR 064) or the platform team's cancellation; a gift
    // exchanged for another (ADR 109) leaves whole, cancelled: its refunded difference and the
    // rest carried to the new gift, which has a payment line of its own.
    const entry = group.get(m.orderId!) ?? { at: m.at, giftName: m.giftName, amounts: { commission: 0, commissionVat: 0, share: 0 }, withdrawn: m.orderStatus === 'withdrawn' };
    if (m.at < entry.at) entry.at = m.at;
    const key = backOut ? m.kind.slice(backOut.length) : m.kind;
    entry.amounts[fieldOf(key)] += m.amount;
    group.set(m.orderId!, entry);
  }
  for (const [orderId, p] of payments) drafts.push(line('order_paid', p.at, orderId, p.giftName, p.amounts, p.amounts.share));
  for (const [orderId, r] of refunds) {
    const negative = { commission: -r.amounts.commission, commissionVat: -r.amounts.commissionVat, share: -r.amounts.share };
    drafts.push(line(r.withdrawn ? 'order_withdrawn' : 'order_cancelled', r.at, orderId, r.giftName, negative, -r.amounts.share));
  }
  for (const a of adjustments) {
    const vat = a.kind === 'invoice_vat_charged' ? a.amount : -a.amount;
    drafts.push(line('invoice_vat_adjustment', a.at, null, a.invoiceNumber ?? '', { commission: 0, commissionVat: vat, share: -vat }, -vat, a.invoiceNumber));
  }
  for (const e of events) {
    const amounts = paymentAmounts.get(e.id) ?? { commission: e.commission ?? 0, commissionVat: e.commissionVat ?? 0, share: e.share ?? 0 };
    if (e.status === 'redeemed') drafts.push(line('order_redeemed', e.redeemedAt!, e.id, e.giftName, amounts, 0));
    else drafts.push(line('order_expired', e.expiresAt, e.id, e.giftName, amounts, 0));
  }

  // Gift cards (ADR 104): each use, undo and expiry of the month, and what is left to spend.
  const cardMovements = await db
    .select({ orderId: giftMovements.orderId, kind: giftMovements.kind, amount: giftMovements.amount, at: giftMovements.createdAt, giftName: gifts.name })
    .from(giftMovements)
    .innerJoin(orders, eq(orders.id, giftMovements.orderId))
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .where(and(eq(orders.businessId, business.id), eq(orders.valueKind, 'card'), lt(giftMovements.createdAt, endOfWindow)));
  for (const m of cardMovements) {
    const card = cardLineOf[m.kind];
    if (!card || m.at < from) continue;
    const line_ = line(card.kind, m.at, m.orderId, m.giftName, { commission: 0, commissionVat: 0, share: 0 }, 0);
    drafts.push({ ...line_, gross: card.sign * m.amount });
  }
  const cardBalance = cardMovements.reduce((sum, m) => sum + giftMovementSigns[m.kind as GiftMovementKind] * m.amount, 0);

  drafts.sort((a, b) => a.time - b.time || lineOrder[a.kind] - lineOrder[b.kind] || (a.orderId ?? a.giftName).localeCompare(b.orderId ?? b.giftName));
  let balance = opening.owed;
  const lines: StatementLine[] = drafts.map(({ time: _time, ...d }) => {
    balance += d.balanceChange;
    return { ...d, balance };
  });

  // `+ 0`: a negated empty sum is -0, which would print as "-0,00 €".
  const sum = (kind: StatementLineKind, pick: (l: StatementLine) => number) => lines.filter((l) => l.kind === kind).reduce((s, l) => s + pick(l), 0) + 0;
  return {
    month,
    businessId: business.id,
    businessName: business.name,
    from: from.toISOString(),
    to: to.toISOString(),
    openingBalance: opening.owed,
    closingBalance: closing.owed,
    closesAt: endOfWindow.toISOString(),
    inProgress: now.getTime() < to.getTime(),
    totals: {
      gross: sum('order_paid', (l) => l.gross),
      commission: sum('order_paid', (l) => l.commission),
      commissionVat: sum('order_paid', (l) => l.commissionVat),
      share: sum('order_paid', (l) => l.share),
      refunded: -sum('order_cancelled', (l) => l.share) - sum('order_withdrawn', (l) => l.share) + 0,
      transferred: -sum('transfer_sent', (l) => l.balanceChange) + 0,
      reversed: sum('transfer_reversed', (l) => l.balanceChange),
    },
    summary: summarizeStatement(opening.owed, lines),
    lines,
    ...(cardMovements.length > 0 ? { cardBalance } : {}),
  };
}

function fieldOf(kind: string): keyof OrderAmounts {
  return kind === 'commission' ? 'commission' : kind === 'commission_vat' ? 'commissionVat' : 'share';
}

function addAmount(map: Map<string, OrderAmounts>, orderId: string, kind: string, amount: number) {
  const entry = map.get(orderId) ?? { commission: 0, commissionVat: 0, share: 0 };
  entry[fieldOf(kind === 'share_owed' ? 'share' : kind)] += amount;
  map.set(orderId, entry);
}
