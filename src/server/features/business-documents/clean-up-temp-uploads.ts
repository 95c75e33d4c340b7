import type { AppContext } from '../../platform/context';

/** Temporary uploads nobody adopted within this time are removed. */
export const TEMP_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes everything under `temp/` older than 24 hours: documents uploaded during a wizard
 * that was never submitted (a submitted wizard moves its files out of `temp/` at once).
 * Returns how many objects it removed.
 */
export async function cleanUpTempUploads(ctx: Pick<AppContext, 'storage' | 'now'>): Promise<number> {
  const cutoff = ctx.now().getTime() - TEMP_UPLOAD_MAX_AGE_MS;
  let removed = 0;
  for (const entry of await ctx.storage.list('temp/')) {
    if (entry.lastModified.getTime() < cutoff) {
      await ctx.storage.delete(entry.key);
      removed += 1;
    }
  }
  return removed;
}
