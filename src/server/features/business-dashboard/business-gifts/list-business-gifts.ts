import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DashboardGiftList } from '@shared/contracts/business-dashboard';
import type { Executor } from '../../../db/client';
import { gifts } from '../../../db/schema/gifts';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { giftColumns, toDashboardGift } from './gift-row';

/** The business's gifts, newest first; archived ones live on only in order history. */
export async function listBusinessGifts(db: Executor, userId: string): Promise<DashboardGiftList> {
  const business = await requireOwnedBusiness(db, userId, { mustBeActive: true });
  const rows = await db
    .select(giftColumns)
    .from(gifts)
    .where(and(eq(gifts.businessId, business.id), isNull(gifts.archivedAt)))
    .orderBy(desc(gifts.createdAt), desc(gifts.id));
  return { items: rows.map(toDashboardGift) };
}
