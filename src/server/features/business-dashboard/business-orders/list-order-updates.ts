import { and, desc, eq, gt } from 'drizzle-orm';
import { ORDER_UPDATES_LIMIT, ORDER_UPDATES_OVERLAP_MS, type OrderUpdates } from '@shared/contracts/business-dashboard';
import { orders } from '../../../db/schema/orders';
import type { AppContext } from '../../../platform/context';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { visibleToBusiness } from '../../../domain/orders/visible-to-business';
import { selectDashboardOrders, toDashboardOrders } from './order-row';

/**
 * Orders created or changed after `since`, for the dashboard's polling (updated_at moves on
 * every change). The next `since` is the server's clock read before the query minus a few
 * seconds: a change committed just after we looked, or stamped by a server whose clock is
 * slightly behind, is seen next time rather than missed; the web merges repeats by id.
 */
export async function listOrderUpdates(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: string,
  since: Date,
): Promise<OrderUpdates> {
  const business = await requireOwnedBusiness(ctx.db, userId, { mustBeActive: true });
  const serverTime = ctx.now();
  const rows = await selectDashboardOrders(ctx.db)
    .where(and(eq(orders.businessId, business.id), visibleToBusiness(), gt(orders.updatedAt, since)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_UPDATES_LIMIT);
  return {
    items: await toDashboardOrders(ctx.db, rows, serverTime),
    serverTime: serverTime.toISOString(),
    nextSince: new Date(serverTime.getTime() - ORDER_UPDATES_OVERLAP_MS).toISOString(),
  };
}
