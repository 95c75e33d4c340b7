import { and, count, desc, eq, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import { periodFieldErrors, type AnalyticsQuery, type BusinessAnalytics } from '@shared/contracts/business-dashboard';
import { ANALYTICS_TIME_ZONE, bucketSalesByWeek, resolvePeriod } from '@shared/domain/analytics';
import { CURRENCY, type OrderStatus } from '@shared/domain/order-status';
import { gifts } from '../../../db/schema/gifts';
import { orders } from '../../../db/schema/orders';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';

/**
 * A sale is an order that was paid and not refunded: paid, redeemed or expired. Cancelled
 * orders were refunded by the platform team; unpaid ones never brought money.
 */
export const SOLD_STATUSES: readonly OrderStatus[] = ['paid', 'redeemed', 'expired'];
const TOP_GIFTS = 5;

// count/sum come back as text from PostgreSQL's numeric/bigint; amounts are whole cents.
const toInt = (v: string | number | null | undefined) => Number(v ?? 0);

/**
 * The figures of a period, from the orders table alone. The period is by created_at (the
 * date the orders list shows), in Madrid calendar days, inclusive.
 */
export async function getBusinessAnalytics(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: string,
  query: AnalyticsQuery,
): Promise<BusinessAnalytics> {
  const business = await requireOwnedBusiness(ctx.db, userId);
  const resolved = resolvePeriod(query, ctx.now());
  if (!resolved.ok) throw AppError.validation({ [resolved.field]: periodFieldErrors[resolved.error] });
  const { period } = resolved;

  const sold = and(
    eq(orders.businessId, business.id),
    inArray(orders.status, [...SOLD_STATUSES]),
    gte(orders.createdAt, period.start),
    lt(orders.createdAt, period.end),
  );

  const [totals] = await ctx.db
    .select({
      giftsSold: count(),
      revenue: sum(orders.totalAmount),
      commission: sum(orders.commissionAmount),
      commissionVat: sum(orders.commissionVatAmount),
      net: sum(orders.netAmount),
      redeemed: sql<number>`count(*) filter (where ${orders.status} = 'redeemed')`,
    })
    .from(orders)
    .where(sold);

  const revenueSum = sum(orders.totalAmount);
  const top = await ctx.db
    .select({ giftId: orders.giftId, name: gifts.name, count: count(), revenue: revenueSum })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .where(sold)
    .groupBy(orders.giftId, gifts.name)
    .orderBy(desc(count()), desc(revenueSum), gifts.name)
    .limit(TOP_GIFTS);

  // Weeks are bucketed here rather than in SQL: Monday in Madrid across summer-time changes
  // is one well-tested function instead of time-zone SQL that PGlite and servers may differ on.
  const sales = await ctx.db
    .select({ at: orders.createdAt, amount: orders.totalAmount })
    .from(orders)
    .where(sold);

  const giftsSold = toInt(totals?.giftsSold);
  const redeemed = toInt(totals?.redeemed);
  return {
    from: period.from,
    to: period.to,
    timeZone: ANALYTICS_TIME_ZONE,
    currency: CURRENCY,
    giftsSold,
    revenue: toInt(totals?.revenue),
    commission: toInt(totals?.commission),
    commissionVat: toInt(totals?.commissionVat),
    net: toInt(totals?.net),
    redeemed,
    redemptionRate: giftsSold === 0 ? null : redeemed / giftsSold,
    topGifts: top.map((g) => ({ giftId: g.giftId, name: g.name, count: toInt(g.count), revenue: toInt(g.revenue) })),
    weeks: bucketSalesByWeek(sales, period.from, period.to),
  };
}
