import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@shared/domain/documents';
import { checkImageFile } from './image-file-rules';

describe('checkImageFile', () => {
  it('accepts an image up to 5 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 1024 })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_IMAGE_BYTES })).toBeNull();
  });

  it('refuses anything that is not an image', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 1024 })).toBe('imageUploadError');
    expect(checkImageFile({ type: '', size: 1024 })).toBe('imageUploadError');
  });

  it('refuses images the server cannot take, so the picker says why at once', () => {
    for (const type of ['image/heic', 'image/heif', 'image/svg+xml', 'image/tiff', 'image/bmp']) {
      expect(checkImageFile({ type, size: 1024 })).toBe('imageUploadError');
    }
    expect(checkImageFile({ type: 'image/webp', size: 1024 })).toBeNull();
  });

  it('refuses an image over 5 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe('imageTooLarge');
  });
});
