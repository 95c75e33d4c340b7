import { and, eq, notExists } from 'drizzle-orm';
import type { GiftDeleteResult } from '@shared/contracts/business-dashboard';
import { gifts } from '../../../db/schema/gifts';
import { orders } from '../../../db/schema/orders';
import type { AppContext } from '../../../platform/context';
import { imageKeysFor } from '../../../platform/storage/image-keys';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { findBusinessGift } from './gift-row';

/**
 * Deletes a gift nobody ordered; archives one with orders, so order history keeps its name
 * and it leaves the dashboard and the catalogue. The delete is conditional on "no orders"
 * in the same statement, so an order placed meanwhile turns it into an archive instead of
 * failing on the foreign key.
 */
export async function deleteBusinessGift(
  ctx: Pick<AppContext, 'db' | 'storage' | 'now'>,
  userId: string,
  giftId: string,
): Promise<GiftDeleteResult> {
  const result = await ctx.db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId, { mustBeActive: true });
    const { gift } = await findBusinessGift(tx, business.id, giftId);
    const deleted = await tx
      .delete(gifts)
      .where(
        and(
          eq(gifts.id, gift.id),
          notExists(tx.select({ one: orders.id }).from(orders).where(eq(orders.giftId, gift.id))),
        ),
      )
      .returning({ id: gifts.id });
    if (deleted.length > 0) return { outcome: 'deleted' as const, imageUrl: gift.imageUrl };
    const now = ctx.now();
    await tx.update(gifts).set({ archivedAt: now, updatedAt: now }).where(eq(gifts.id, gift.id));
    return { outcome: 'archived' as const, imageUrl: null };
  });
  // Objects go after the commit: a failed delete never leaves a row pointing at nothing.
  for (const key of imageKeysFor(result.imageUrl)) await ctx.storage.delete(key);
  return { id: giftId, outcome: result.outcome };
}
