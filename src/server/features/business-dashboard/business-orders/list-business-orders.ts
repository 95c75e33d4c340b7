import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type { BusinessOrderFilter } from '@shared/domain/order-status';
import type { DashboardOrderPage, OrdersQuery } from '@shared/contracts/business-dashboard';
import { addDays, startOfLocalDay } from '@shared/domain/analytics';
import type { Executor } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import { AppError } from '../../../platform/errors';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { visibleToBusiness } from '../../../domain/orders/visible-to-business';
import { pendingExtensionRequest } from '../../../domain/orders/pending-extension-request';
import { afterOrderCursor, decodeOrderCursor, encodeOrderCursor } from '../../../domain/orders/order-cursor';
import { selectDashboardOrdersWithPosition, toDashboardOrders } from './order-row';

/**
 * The business's paid orders (never an unpaid one), newest first, one page at a time. `from`/`to` are Madrid calendar
 * days on created_at — the same rule as analytics, so both always agree.
 */
export async function listBusinessOrders(
  db: Executor,
  userId: string,
  query: OrdersQuery,
  now: Date,
): Promise<DashboardOrderPage> {
  const business = await requireOwnedBusiness(db, userId, { mustBeActive: true });
  const conditions: (SQL | undefined)[] = [eq(orders.businessId, business.id), visibleToBusiness()];
  if (query.status) conditions.push(effectiveStatusIs(query.status, now));
  if (query.from) conditions.push(gte(orders.createdAt, startOfLocalDay(query.from)));
  if (query.to) conditions.push(lt(orders.createdAt, startOfLocalDay(addDays(query.to, 1))));
  if (query.cursor !== undefined) {
    const cursor = decodeOrderCursor(query.cursor);
    if (!cursor) throw AppError.validation({ cursor: 'invalid' });
    conditions.push(afterOrderCursor(orders.createdAt, orders.id, cursor));
  }
  // One extra row tells whether another page exists without counting.
  const rows = await selectDashboardOrdersWithPosition(db)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await toDashboardOrders(db, page.map(({ position: _position, ...row }) => row), now),
    nextCursor: rows.length > query.limit && last ? encodeOrderCursor({ createdAt: last.position, id: last.id }) : null,
  };
}

/** The status filter matches what the list shows (effectiveOrderStatus), not the stored value. */
function effectiveStatusIs(status: BusinessOrderFilter, now: Date): SQL | undefined {
  if (status === 'extension_requested') return pendingExtensionRequest();
  if (status === 'paid') return and(eq(orders.status, 'paid'), gte(orders.expiresAt, now));
  if (status === 'expired') return or(eq(orders.status, 'expired'), and(eq(orders.status, 'paid'), lt(orders.expiresAt, now)));
  return eq(orders.status, status);
}
