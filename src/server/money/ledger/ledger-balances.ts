import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { ledgerBalanceTerms, type LedgerBalanceName } from '@shared/domain/payouts';
import type { Executor } from '../../db/client';
import { ledgerEntries } from '../../db/schema/payouts';

export type LedgerBalances = Record<LedgerBalanceName, number>;

/** `sum(case kind when … then ±amount end)` for one balance, from the shared definition. */
function balanceSum(name: LedgerBalanceName): SQL<number> {
  const terms = Object.entries(ledgerBalanceTerms[name]) as [string, 1 | -1][];
  const cases = sql.join(
    terms.map(([kind, sign]) => sql`when ${kind} then ${sign === 1 ? ledgerEntries.amount : sql`-${ledgerEntries.amount}`}`),
    sql` `,
  );
  return sql<number>`coalesce(sum(case ${ledgerEntries.kind} ${cases} else 0 end), 0)::int`;
}

const balanceColumns = {
  owed: balanceSum('owed'),
  inTransit: balanceSum('inTransit'),
  paidOut: balanceSum('paidOut'),
  commission: balanceSum('commission'),
  commissionVat: balanceSum('commissionVat'),
};

export interface BalanceWindow {
  /** Movements at or after this moment only (a statement's month); from the first when absent. */
  from?: Date;
  /** Movements before this moment only (a closing balance); up to now when absent. */
  to?: Date;
}

function windowConditions(window: BalanceWindow): SQL[] {
  const conditions: SQL[] = [];
  if (window.from) conditions.push(gte(ledgerEntries.createdAt, window.from));
  if (window.to) conditions.push(lt(ledgerEntries.createdAt, window.to));
  return conditions;
}

/**
 * A business's balances as sums over its ledger rows, never a stored total (ADR 053):
 * owed (Regalo holds it), in transit (in its payout account, not yet at its bank), paid out,
 * and what Regalo earned on it (commission and its VAT, net of refunds).
 */
export async function getBusinessBalances(db: Executor, businessId: string, window: BalanceWindow = {}): Promise<LedgerBalances> {
  const [row] = await db
    .select(balanceColumns)
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.businessId, businessId), ...windowConditions(window)));
  return row!;
}

/** The same balances for many businesses at once (admin lists); businesses without rows get zeros. */
export async function getBusinessesBalances(db: Executor, businessIds: readonly string[], window: BalanceWindow = {}): Promise<Map<string, LedgerBalances>> {
  const result = new Map<string, LedgerBalances>(businessIds.map((id) => [id, { owed: 0, inTransit: 0, paidOut: 0, commission: 0, commissionVat: 0 }]));
  if (businessIds.length === 0) return result;
  const rows = await db
    .select({ businessId: ledgerEntries.businessId, ...balanceColumns })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.businessId, [...businessIds]), ...windowConditions(window)))
    .groupBy(ledgerEntries.businessId);
  for (const { businessId, ...balances } of rows) result.set(businessId!, balances);
  return result;
}

/**
 * Regalo's side over every business: commission earned and its VAT (net of refunds), what it
 * holds for businesses (owed), and what the givers paid (charges received) in the window.
 */
export async function getPlatformBalances(db: Executor, window: BalanceWindow = {}): Promise<LedgerBalances & { charged: number }> {
  const [row] = await db
    .select({ ...balanceColumns, charged: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'charge_received'), 0)::int` })
    .from(ledgerEntries)
    .where(and(...windowConditions(window)));
  return row!;
}
