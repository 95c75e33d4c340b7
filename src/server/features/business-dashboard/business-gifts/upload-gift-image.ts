import { eq } from 'drizzle-orm';
import type { GiftImage } from '@shared/contracts/business-dashboard';
import { gifts } from '../../../db/schema/gifts';
import type { AppContext } from '../../../platform/context';
import { giftImageKey, publicFileUrl } from '../../../platform/storage/public-files';
import { reencodeImage } from '../../../platform/uploads/reencode-image';
import { imageKeysFor, MAIN_IMAGE_SIZE, THUMBNAIL_SIZE, variantKey } from '../../../platform/storage/image-keys';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { findBusinessGift } from './gift-row';

/**
 * Replaces a gift's image with the business image's rules: re-encoded (upright, metadata
 * stripped, WebP 1600 px + 480 px) under content-hashed public keys
 * `gifts/<giftId>/main.<hash>.webp`; image_url switches, then the old objects go.
 */
export async function uploadGiftImage(
  ctx: Pick<AppContext, 'db' | 'storage' | 'now'>,
  userId: string,
  giftId: string,
  body: Buffer,
): Promise<GiftImage> {
  const business = await requireOwnedBusiness(ctx.db, userId, { mustBeActive: true });
  const { gift } = await findBusinessGift(ctx.db, business.id, giftId);

  const [main, thumbnail] = await reencodeImage(body, [MAIN_IMAGE_SIZE, THUMBNAIL_SIZE]);
  const key = giftImageKey(gift.id, main!.body);
  const thumbKey = variantKey(key, THUMBNAIL_SIZE);
  await ctx.storage.put(key, main!.body, { contentType: 'image/webp' });
  await ctx.storage.put(thumbKey, thumbnail!.body, { contentType: 'image/webp' });

  const imageUrl = publicFileUrl(key);
  await ctx.db.update(gifts).set({ imageUrl, updatedAt: ctx.now() }).where(eq(gifts.id, gift.id));
  const keep = new Set([key, thumbKey]);
  for (const old of imageKeysFor(gift.imageUrl)) if (!keep.has(old)) await ctx.storage.delete(old);
  return { imageUrl, thumbnailUrl: publicFileUrl(thumbKey) };
}
