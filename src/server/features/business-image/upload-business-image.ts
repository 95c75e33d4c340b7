import { eq } from 'drizzle-orm';
import type { BusinessImage } from '@shared/contracts/business-documents';
import { businesses } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { publicFileUrl } from '../../platform/storage/public-files';
import { reencodeImage } from '../../platform/uploads/reencode-image';
import { imageKeysFor, MAIN_IMAGE_SIZE, mainImageKey, THUMBNAIL_SIZE, variantKey } from '../../platform/storage/image-keys';

/**
 * Replaces the business's main image: re-encoded (upright, metadata stripped, WebP, 1600 px
 * plus a 480 px variant) under content-hashed public keys, then image_url switches, then
 * the previous objects go. Only the owner reaches this (the business is looked up by owner).
 */
export async function uploadBusinessImage(
  ctx: Pick<AppContext, 'db' | 'storage' | 'now'>,
  userId: string,
  body: Buffer,
): Promise<BusinessImage> {
  const [business] = await ctx.db
    .select({ id: businesses.id, imageUrl: businesses.imageUrl })
    .from(businesses)
    .where(eq(businesses.ownerId, userId));
  if (!business) throw new AppError('business_not_found', 404, 'Create your business first');

  const [main, thumbnail] = await reencodeImage(body, [MAIN_IMAGE_SIZE, THUMBNAIL_SIZE]);
  const key = mainImageKey(business.id, main!.body);
  const thumbKey = variantKey(key, THUMBNAIL_SIZE);
  await ctx.storage.put(key, main!.body, { contentType: 'image/webp' });
  await ctx.storage.put(thumbKey, thumbnail!.body, { contentType: 'image/webp' });

  const imageUrl = publicFileUrl(key);
  await ctx.db.update(businesses).set({ imageUrl, updatedAt: ctx.now() }).where(eq(businesses.id, business.id));
  const keep = new Set([key, thumbKey]);
  for (const old of imageKeysFor(business.imageUrl)) if (!keep.has(old)) await ctx.storage.delete(old);
  return { imageUrl, thumbnailUrl: publicFileUrl(thumbKey) };
}
