import { describe, expect, it } from 'vitest';
import {
  businessImageKey,
  contentHash,
  giftImageKey,
  isPublicKey,
  isVersionedKey,
  keyFromPublicUrl,
  publicFileUrl,
} from './public-files';
import { isSafeKey } from './storage';

const id = '3f2b8c1e-9a4d-4e7f-8b21-0c5d6e7f8a9b';

describe('public image keys', () => {
  it('put a content hash in the key, so new bytes get a new key', () => {
    const a = businessImageKey(id, Buffer.from('one'));
    const b = businessImageKey(id, Buffer.from('two'));
    expect(a).toMatch(new RegExp(`^${id}/main\\.[0-9a-f]{16}\\.webp$`));
    expect(a).not.toBe(b);
    expect(giftImageKey(id, Buffer.from('one'), 'png')).toBe(`gifts/${id}/main.${contentHash(Buffer.from('one'))}.png`);
  });

  it('allow only business and gift images to be public', () => {
    expect(isPublicKey(businessImageKey(id, Buffer.from('x')))).toBe(true);
    expect(isPublicKey(giftImageKey(id, Buffer.from('x')))).toBe(true);
    expect(isPublicKey(`${id}/main.webp`)).toBe(true);
    expect(isPublicKey(`${id}/main-w480.0123456789abcdef.webp`)).toBe(true);
    expect(isPublicKey(`gifts/${id}/main-w480.0123456789abcdef.webp`)).toBe(true);
    for (const key of [
      `${id}/documents/tax_registration_1700000000000.pdf`,
      `temp/documents/id_document_1.png`,
      `${id}/main.svg`,
      `${id}/main.html`,
      `${id}/other.webp`,
      `${id}/main-small.webp`,
      `gifts/${id}/../main.webp`,
      `gifts/not-a-uuid/main.webp`,
      `../${id}/main.webp`,
    ]) {
      expect(isPublicKey(key), key).toBe(false);
    }
  });

  it('tell versioned keys from unversioned ones', () => {
    expect(isVersionedKey(businessImageKey(id, Buffer.from('x')))).toBe(true);
    expect(isVersionedKey(`${id}/main.webp`)).toBe(false);
  });

  it('map keys to URLs and back, refusing URLs we did not issue', () => {
    const key = giftImageKey(id, Buffer.from('x'));
    expect(keyFromPublicUrl(publicFileUrl(key))).toBe(key);
    expect(keyFromPublicUrl('/somewhere/else.webp')).toBeNull();
    expect(keyFromPublicUrl(publicFileUrl(`${id}/documents/a_1.pdf`))).toBeNull();
    expect(keyFromPublicUrl(null)).toBeNull();
  });
});

describe('safe storage keys', () => {
  it('accept relative slash-separated keys', () => {
    expect(isSafeKey('temp/documents/business_license_1700000000000.pdf')).toBe(true);
    expect(isSafeKey(`gifts/${id}/main.0123456789abcdef.webp`)).toBe(true);
  });

  it.each(['', '..', '../a', 'a/..', 'a/../b', '/a', 'a/', 'a//b', '.env', 'a\\b', 'a/b c', 'a/%2e%2e', 'x'.repeat(513)])(
    'refuse %j',
    (key) => {
      expect(isSafeKey(key)).toBe(false);
    },
  );
});
