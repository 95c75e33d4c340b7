import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { AdminOverview } from '@shared/contracts/admin';
import { localDateOf, startOfLocalDay } from '@shared/domain/analytics';
import type { Executor } from '../../db/client';
import { businessApplications, businesses } from '../../db/schema/businesses';
import { orders } from '../../db/schema/orders';

/** `YYYY-MM` of the month before. */
function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** First instant of a calendar month in Valencia, and of the next one. */
export function madridMonthBounds(month: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(`${month}-01`), end: startOfLocalDay(`${nextMonth(month)}-01`) };
}

async function monthTotals(db: Executor, month: string) {
  const { start, end } = madridMonthBounds(month);
  // A sale is an order that was paid in the month and not refunded (cancelled ones were).
  const [row] = await db
    .select({
      orders: count(),
      gross: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::int`,
      commission: sql<number>`coalesce(sum(${orders.commissionAmount}), 0)::int`,
      commissionVat: sql<number>`coalesce(sum(${orders.commissionVatAmount}), 0)::int`,
      net: sql<number>`coalesce(sum(${orders.netAmount}), 0)::int`,
    })
    .from(orders)
    .where(and(inArray(orders.status, ['paid', 'redeemed', 'expired']), gte(orders.paidAt, start), lt(orders.paidAt, end)));
  return { month, orders: row?.orders ?? 0, gross: Number(row?.gross ?? 0), commission: Number(row?.commission ?? 0), commissionVat: Number(row?.commissionVat ?? 0), net: Number(row?.net ?? 0) };
}

export async function getAdminOverview(db: Executor, now: Date): Promise<AdminOverview> {
  const month = localDateOf(now).slice(0, 7);
  const [[pending], [oldest], [active], thisMonth, lastMonth] = await Promise.all([
    db.select({ n: count() }).from(businessApplications).where(eq(businessApplications.applicationStatus, 'pending')),
    db
      .select({ at: businessApplications.submittedAt })
      .from(businessApplications)
      .where(eq(businessApplications.applicationStatus, 'pending'))
      .orderBy(asc(businessApplications.submittedAt))
      .limit(1),
    db.select({ n: count() }).from(businesses).where(and(eq(businesses.isActive, true), eq(businesses.verificationStatus, 'approved'))),
    monthTotals(db, month),
    monthTotals(db, previousMonth(month)),
  ]);
  return {
    pendingApplications: pending?.n ?? 0,
    oldestPendingSubmittedAt: oldest?.at.toISOString() ?? null,
    oldestPendingDays: oldest ? Math.floor((now.getTime() - oldest.at.getTime()) / 86_400_000) : null,
    activeBusinesses: active?.n ?? 0,
    thisMonth,
    lastMonth,
  };
}
