import { createHash } from 'node:crypto';
import { isSafeKey } from './storage';

/**
 * Storage keys and URLs of public images. An image's key carries a hash of its bytes
 * (`<businessId>/main.<hash>.webp`, `gifts/<giftId>/main.<hash>.webp`), so a new image gets
 * a new URL and browsers may cache each URL forever. Only keys matching these patterns are
 * ever served publicly; verification documents (`<owner>/documents/...`) never are.
 */
export const PUBLIC_FILES_PATH = '/api/files/public/';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const IMAGE = '(?:\\.(?<hash>[0-9a-f]{8,64}))?\\.(?:webp|jpe?g|png|avif)';
// `main-w480.<hash>.webp` and the like: smaller variants made next to the main image.
const VARIANT = '(?:-w\\d{2,4})?';
const publicKeyPatterns = [
  new RegExp(`^${UUID}/main${VARIANT}${IMAGE}$`),
  new RegExp(`^gifts/${UUID}/main${VARIANT}${IMAGE}$`),
];

export type ImageExtension = 'webp' | 'jpg' | 'png' | 'avif';

/** First 16 hex characters of the SHA-256 of the bytes: plenty to tell versions apart. */
export function contentHash(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 16);
}

export function businessImageKey(businessId: string, body: Buffer, ext: ImageExtension = 'webp') {
  return `${businessId}/main.${contentHash(body)}.${ext}`;
}

export function giftImageKey(giftId: string, body: Buffer, ext: ImageExtension = 'webp') {
  return `gifts/${giftId}/main.${contentHash(body)}.${ext}`;
}

/** `{businessId or temp}/documents/{type}_{timestamp}.{ext}` as in the specification. */
export function documentKey(owner: string, type: string, timestamp: number, ext: string) {
  return `${owner}/documents/${type}_${timestamp}.${ext}`;
}

/** Whether a key may be served without authentication. */
export function isPublicKey(key: string): boolean {
  return isSafeKey(key) && publicKeyPatterns.some((p) => p.test(key));
}

/** Versioned keys (with a content hash) never change content, so they may be cached forever. */
export function isVersionedKey(key: string): boolean {
  return publicKeyPatterns.some((p) => p.exec(key)?.groups?.hash !== undefined);
}

/** The URL stored in `image_url` columns. */
export function publicFileUrl(key: string): string {
  return `${PUBLIC_FILES_PATH}${key}`;
}

/** The storage key behind an `image_url` we issued, or null for anything else. */
export function keyFromPublicUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(PUBLIC_FILES_PATH)) return null;
  const key = url.slice(PUBLIC_FILES_PATH.length);
  return isPublicKey(key) ? key : null;
}
