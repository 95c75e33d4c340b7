import { allowedImageMimeTypes, MAX_IMAGE_BYTES } from '@shared/domain/documents';

export type ImageFileError = 'imageUploadError' | 'imageTooLarge';

/**
 * The browser's early answer for a picked image, so nobody waits for a 5 MB upload to be
 * refused; the server still decides by the file's bytes. An image the server cannot decode
 * (an iPhone's HEIC, an SVG) is refused here with the formats it takes, not accepted now and
 * lost after the registration.
 */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): ImageFileError | null {
  if (!(allowedImageMimeTypes as readonly string[]).includes(file.type)) return 'imageUploadError';
  if (file.size > MAX_IMAGE_BYTES) return 'imageTooLarge';
  return null;
}
