import { businessImageKey, keyFromPublicUrl, publicFileUrl } from './public-files';

/** Main image (longest side) and the list/card variant, in pixels. */
export const MAIN_IMAGE_SIZE = 1600;
export const THUMBNAIL_SIZE = 480;

/** `{businessId}/main.<hash>.webp` → `{businessId}/main-w480.<hash>.webp`. */
export function variantKey(mainKey: string, width: number): string {
  return mainKey.replace(/\/main\./, `/main-w${width}.`);
}

export function mainImageKey(businessId: string, body: Buffer): string {
  return businessImageKey(businessId, body, 'webp');
}

/** The storage objects behind a stored image_url (main + variant), or none for foreign URLs. */
export function imageKeysFor(imageUrl: string | null): string[] {
  const key = keyFromPublicUrl(imageUrl);
  if (!key) return [];
  return key.includes('/main.') ? [key, variantKey(key, THUMBNAIL_SIZE)] : [key];
}

/**
 * The card-sized variant uploaded images have next to them (480 px wide), for a light page:
 * the recipient's gift page and the public shop pages. Null for anything but one of our
 * public images.
 */
export function cardImageSrc(imageUrl: string | null): string | null {
  const key = keyFromPublicUrl(imageUrl);
  if (!key) return null;
  return key.includes('/main.') ? publicFileUrl(variantKey(key, THUMBNAIL_SIZE)) : publicFileUrl(key);
}
