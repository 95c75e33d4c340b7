import { isNotNull } from 'drizzle-orm';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import type { AppContext } from '../../platform/context';
import { keyFromPublicUrl, isPublicKey } from '../../platform/storage/public-files';

/**
 * An image object younger than this is never an orphan: an upload stores its objects first
 * and points the business or gift at them afterwards, so a fresh unreferenced object may be
 * an upload still under way on some server.
 */
export const ORPHANED_IMAGE_MIN_AGE_MS = 24 * 60 * 60 * 1000;

/** `…/main-w480.<hash>.webp` and `…/main.<hash>.webp` belong to the same image. */
const mainKeyOf = (key: string) => key.replace(/\/main-w\d{2,4}\./, '/main.');

/**
 * Deletes business and gift images that nothing points at any more. Replacing or removing an
 * image deletes the old objects straight away; this catches what a process that died in
 * between (or two uploads racing for one business) left behind. Verification documents are
 * not touched: they are never public keys. Returns how many objects it removed.
 */
export async function cleanUpOrphanedImages(ctx: Pick<AppContext, 'db' | 'storage' | 'now'>): Promise<number> {
  const cutoff = ctx.now().getTime() - ORPHANED_IMAGE_MIN_AGE_MS;
  // Listed before the references are read: an image that becomes referenced after the
  // listing is then seen as referenced (or is younger than the cut-off anyway).
  const candidates = (await ctx.storage.list('')).filter(
    (entry) => isPublicKey(entry.key) && entry.lastModified.getTime() < cutoff,
  );
  if (candidates.length === 0) return 0;

  const referenced = new Set<string>();
  const rows = await ctx.db
    .select({ imageUrl: businesses.imageUrl })
    .from(businesses)
    .where(isNotNull(businesses.imageUrl))
    .unionAll(ctx.db.select({ imageUrl: gifts.imageUrl }).from(gifts).where(isNotNull(gifts.imageUrl)));
  for (const { imageUrl } of rows) {
    const key = keyFromPublicUrl(imageUrl);
    if (key) referenced.add(mainKeyOf(key));
  }

  let removed = 0;
  for (const entry of candidates) {
    if (referenced.has(mainKeyOf(entry.key))) continue;
    await ctx.storage.delete(entry.key);
    removed += 1;
  }
  return removed;
}
