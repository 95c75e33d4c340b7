import { desc, eq } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AdminBusinessDetail } from '@shared/contracts/admin';
import type { Executor } from '../../db/client';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import {
  findBusinessForAdmin,
  findOwner,
  listApplications,
  selectAdminOrders,
  toAdminApplication,
  toAdminBusiness,
  toAdminOrder,
} from './admin-rows';

/** A business as the platform team sees it: details, application history, gifts, newest orders. */
export async function getAdminBusiness(db: Executor, id: string, now: Date): Promise<AdminBusinessDetail> {
  const business = await findBusinessForAdmin(db, id);
  const [owner, applications, giftRows, orderRows] = await Promise.all([
    findOwner(db, business.ownerId),
    listApplications(db, id),
    db
      .select({ id: gifts.id, name: gifts.name, price: gifts.price, isAvailable: gifts.isAvailable, archivedAt: gifts.archivedAt })
      .from(gifts)
      .where(eq(gifts.businessId, id))
      .orderBy(desc(gifts.createdAt)),
    selectAdminOrders(db).where(eq(orders.businessId, id)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(ADMIN_PAGE_SIZE),
  ]);
  return {
    business: toAdminBusiness(business, owner),
    applications: applications.map(toAdminApplication),
    gifts: giftRows.map((g) => ({ id: g.id, name: g.name, price: g.price, isAvailable: g.isAvailable, archived: g.archivedAt !== null })),
    orders: orderRows.map((o) => toAdminOrder(o, now)),
  };
}

