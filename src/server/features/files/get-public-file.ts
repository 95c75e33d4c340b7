import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { contentTypeForKey, type StoredObject } from '../../platform/storage/storage';
import { isPublicKey, isVersionedKey } from '../../platform/storage/public-files';

export interface PublicFile extends StoredObject {
  cacheControl: string;
}

/**
 * A public image by key. Anything outside the public allow-list (documents, unsafe or
 * traversing keys) is "not found", so the answer reveals nothing about private files.
 */
export async function getPublicFile(ctx: Pick<AppContext, 'storage'>, key: string): Promise<PublicFile> {
  if (!isPublicKey(key)) throw AppError.notFound('No such file');
  const file = await ctx.storage.get(key);
  if (!file) throw AppError.notFound('No such file');
  return {
    ...file,
    // Served by extension from the allow-list, never a stored type, so nothing uploaded can
    // turn into HTML or SVG on our origin.
    contentType: contentTypeForKey(key),
    cacheControl: isVersionedKey(key)
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=300, must-revalidate',
  };
}
