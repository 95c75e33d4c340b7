import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createGift, createUser } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * The shop's pages and the legal pages come compressed as the browser accepts, as the landing
 * page does (`sendPublicDocument`, platform/public-page.ts): a shop window with its gifts is
 * tens of kilobytes of HTML with its CSS inline, a second round trip on a phone when sent as is.
 * (The landing page's own test: features/landing/landing-document.int.test.ts.)
 */
describe('public documents', () => {
  let t: TestApp;
  let paths: string[];
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.database.db, { userType: 'business' });
    const business = await createBusiness(t.database.db, { ownerId: owner.id, name: 'Orxateria Compressa' });
    const gift = await createGift(t.database.db, { businessId: business.id, name: 'Orxata amb fartons', price: 650 });
    // A page, a listing, a gift, two legal pages, and the shop's "not found" page.
    paths = ['/gifts?lang=es', `/b/${business.slug}?lang=va`, `/b/${business.slug}/${gift.slug}?lang=en`, '/terms?lang=es', '/legal?lang=va', `/b/${business.slug}/no-such-gift?lang=es`];
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

  it('are sent as Brotli, else gzip, else as is: the same page each way, varying with the encoding', async () => {
    for (const url of paths) {
      const plain = await get(url);
      expect(plain.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toContain('</html>');
      expect(String(plain.headers.vary), url).toMatch(/\bAccept-Encoding\b/);

      const brotli = await get(url, 'gzip, deflate, br, zstd');
      expect(brotli.statusCode, url).toBe(plain.statusCode);
      expect(brotli.headers['content-encoding'], url).toBe('br');
      expect(String(brotli.headers.vary), url).toMatch(/\bAccept-Encoding\b/);
      expect(brotliDecompressSync(brotli.rawPayload).toString('utf8'), url).toBe(plain.body);
      expect(brotli.rawPayload.length, url).toBeLessThan(plain.rawPayload.length / 2);

      const gzip = await get(url, 'gzip, deflate');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8'), url).toBe(plain.body);
    }
  });

  it('keep the language sources in Vary beside the encoding', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gifts', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(String(res.headers.vary).split(/,\s*/)).toEqual(['Accept-Language', 'Cookie', 'Accept-Encoding']);
  });
});
