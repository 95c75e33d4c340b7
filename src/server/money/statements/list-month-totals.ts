import { and, asc, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { MonthTotals } from '@shared/contracts/statements';
import { madridMonthBounds } from '@shared/domain/statement-month';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { ledgerEntries } from '../../db/schema/payouts';
import { getBusinessesBalances } from '../ledger/ledger-balances';

const kindSum = (kinds: string[]) =>
  sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${inArray(ledgerEntries.kind, kinds)}), 0)::int`;

/**
 * A month's totals across businesses, for the platform team: per business with a balance or a
 * movement in the month, the same figures as its statement's totals and balances (ledger sums).
 */
export async function listMonthTotals(db: Executor, month: string): Promise<MonthTotals> {
  const { from, to } = madridMonthBounds(month);
  const moved = await db
    .select({
      businessId: ledgerEntries.businessId,
      gross: kindSum(['commission', 'commission_vat', 'share_owed']),
      commission: kindSum(['commission']),
      commissionVat: kindSum(['commission_vat']),
      share: kindSum(['share_owed']),
      refunded: kindSum(['refund_share']),
      transferred: kindSum(['transfer_sent']),
      reversed: kindSum(['transfer_reversed']),
    })
    .from(ledgerEntries)
    // A redemption's row moves no money (ADR 096): a month with only redemptions has no totals.
    .where(and(gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to), sql`${ledgerEntries.businessId} is not null`, ne(ledgerEntries.kind, 'gift_redeemed')))
    .groupBy(ledgerEntries.businessId);
  // Businesses that moved nothing this month but still have money held for them belong too.
  const held = await db
    .select({ businessId: ledgerEntries.businessId })
    .from(ledgerEntries)
    .where(and(lt(ledgerEntries.createdAt, from), inArray(ledgerEntries.kind, ['share_owed', 'refund_share', 'transfer_sent', 'transfer_reversed'])))
    .groupBy(ledgerEntries.businessId)
    .having(sql`sum(case when ${ledgerEntries.kind} in ('share_owed', 'transfer_reversed') then ${ledgerEntries.amount} else -${ledgerEntries.amount} end) <> 0`);
  const ids = [...new Set([...moved.map((m) => m.businessId!), ...held.map((h) => h.businessId!)])];
  if (ids.length === 0) return { month, businesses: [], totals: emptyTotals() };

  const [opening, closing, names] = await Promise.all([
    getBusinessesBalances(db, ids, { to: from }),
    getBusinessesBalances(db, ids, { to }),
    db.select({ id: businesses.id, name: businesses.name }).from(businesses).where(inArray(businesses.id, ids)).orderBy(asc(businesses.name)),
  ]);
  const movedBy = new Map(moved.map((m) => [m.businessId!, m]));
  const rows = names.map(({ id, name }) => {
    const m = movedBy.get(id);
    return {
      businessId: id,
      businessName: name,
      openingBalance: opening.get(id)!.owed,
      closingBalance: closing.get(id)!.owed,
      gross: m?.gross ?? 0,
      commission: m?.commission ?? 0,
      commissionVat: m?.commissionVat ?? 0,
      share: m?.share ?? 0,
      refunded: m?.refunded ?? 0,
      transferred: m?.transferred ?? 0,
      reversed: m?.reversed ?? 0,
    };
  });
  const totals = emptyTotals();
  for (const row of rows) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += row[key];
  return { month, businesses: rows, totals };
}

function emptyTotals() {
  return { openingBalance: 0, closingBalance: 0, gross: 0, commission: 0, commissionVat: 0, share: 0, refunded: 0, transferred: 0, reversed: 0 };
}
