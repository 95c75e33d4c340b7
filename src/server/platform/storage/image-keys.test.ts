import { describe, expect, it } from 'vitest';
import { isPublicKey, publicFileUrl } from './public-files';
import { imageKeysFor, mainImageKey, variantKey } from './image-keys';

const id = '0b6f1c3e-2a4d-4c5e-8f9a-1b2c3d4e5f60';

describe('business image keys', () => {
  it('puts the variant next to the main image, both public', () => {
    const main = mainImageKey(id, Buffer.from('image bytes'));
    expect(main).toMatch(new RegExp(`^${id}/main\\.[0-9a-f]{16}\\.webp$`));
    const thumb = variantKey(main, 480);
    expect(thumb).toBe(main.replace('/main.', '/main-w480.'));
    expect(isPublicKey(main)).toBe(true);
    expect(isPublicKey(thumb)).toBe(true);
  });

  it('finds both objects behind an image_url we issued, none behind a foreign one', () => {
    const main = mainImageKey(id, Buffer.from('x'));
    expect(imageKeysFor(publicFileUrl(main))).toEqual([main, variantKey(main, 480)]);
    expect(imageKeysFor('https://elsewhere.example/img.png')).toEqual([]);
    expect(imageKeysFor(null)).toEqual([]);
  });
});
