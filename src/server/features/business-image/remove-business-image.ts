import { eq } from 'drizzle-orm';
import { businesses } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { imageKeysFor } from '../../platform/storage/image-keys';

/** Clears image_url first, then deletes the objects, so the page never shows a broken image. */
export async function removeBusinessImage(ctx: Pick<AppContext, 'db' | 'storage' | 'now'>, userId: string): Promise<void> {
  const [business] = await ctx.db
    .select({ id: businesses.id, imageUrl: businesses.imageUrl })
    .from(businesses)
    .where(eq(businesses.ownerId, userId));
  if (!business) throw new AppError('business_not_found', 404, 'Create your business first');
  if (!business.imageUrl) return;
  await ctx.db.update(businesses).set({ imageUrl: null, updatedAt: ctx.now() }).where(eq(businesses.id, business.id));
  for (const key of imageKeysFor(business.imageUrl)) await ctx.storage.delete(key);
}
