import { MAX_IMAGE_BYTES } from '@shared/domain/documents';

export type ImageFileError = 'imageUploadError' | 'imageTooLarge';

/**
 * The browser's early answer for a picked image, so nobody waits for a 5 MB upload to be
 * refused; the server still decides by the file's bytes.
 */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): ImageFileError | null {
  if (!file.type.startsWith('image/')) return 'imageUploadError';
  if (file.size > MAX_IMAGE_BYTES) return 'imageTooLarge';
  return null;
}
