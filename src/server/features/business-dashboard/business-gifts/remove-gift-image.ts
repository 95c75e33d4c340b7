import { eq } from 'drizzle-orm';
import { gifts } from '../../../db/schema/gifts';
import type { AppContext } from '../../../platform/context';
import { imageKeysFor } from '../../../platform/storage/image-keys';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { findBusinessGift } from './gift-row';

/** Clears image_url first, then deletes the objects, so no page shows a broken image. */
export async function removeGiftImage(
  ctx: Pick<AppContext, 'db' | 'storage' | 'now'>,
  userId: string,
  giftId: string,
): Promise<void> {
  const business = await requireOwnedBusiness(ctx.db, userId, { mustBeActive: true });
  const { gift } = await findBusinessGift(ctx.db, business.id, giftId);
  if (!gift.imageUrl) return;
  await ctx.db.update(gifts).set({ imageUrl: null, updatedAt: ctx.now() }).where(eq(gifts.id, gift.id));
  for (const key of imageKeysFor(gift.imageUrl)) await ctx.storage.delete(key);
}
