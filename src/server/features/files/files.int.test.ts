import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessImageKey,
  giftImageKey,
  publicFileUrl,
} from '../../platform/storage/public-files';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('GET /api/files/public/<key>', () => {
  let t: TestApp;
  let image: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c2410c' } })
      .webp()
      .toBuffer();
  });
  afterAll(() => t.close());

  it('serves a business image with its type, nosniff and a long cache', async () => {
    const key = businessImageKey(randomUUID(), image);
    await t.app.ctx.storage.put(key, image, { contentType: 'image/webp' });

    const res = await t.app.inject({ method: 'GET', url: publicFileUrl(key) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(res.rawPayload, image)).toBe(0);
  });

  it('serves a gift image', async () => {
    const key = giftImageKey(randomUUID(), image);
    await t.app.ctx.storage.put(key, image, { contentType: 'image/webp' });
    const res = await t.app.inject({ method: 'GET', url: publicFileUrl(key) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(image.length));
  });

  it('takes the type from the key, not from what was stored', async () => {
    const key = giftImageKey(randomUUID(), image, 'png');
    await t.app.ctx.storage.put(key, Buffer.from('<html>'), { contentType: 'text/html' });
    const res = await t.app.inject({ method: 'GET', url: publicFileUrl(key) });
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('caches an unversioned image only briefly', async () => {
    const key = `${randomUUID()}/main.webp`;
    await t.app.ctx.storage.put(key, image, { contentType: 'image/webp' });
    const res = await t.app.inject({ method: 'GET', url: publicFileUrl(key) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toContain('immutable');
  });

  it('never serves a verification document, even when it exists', async () => {
    const businessId = randomUUID();
    const key = `${businessId}/documents/tax_registration_1700000000000.pdf`;
    await t.app.ctx.storage.put(key, Buffer.from('%PDF-1.4 secret'), { contentType: 'application/pdf' });
    expect(await t.app.ctx.storage.exists(key)).toBe(true);

    const res = await t.app.inject({ method: 'GET', url: publicFileUrl(key) });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).not.toContain('secret');
  });

  it('answers 404 for an image that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: publicFileUrl(`gifts/${randomUUID()}/main.0123456789abcdef.webp`) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it.each([
    '/api/files/public/../../package.json',
    '/api/files/public/..%2F..%2Fpackage.json',
    '/api/files/public/%2e%2e/%2e%2e/package.json',
    '/api/files/public/gifts/..%2F..%2F..%2Fauth-secret',
    '/api/files/public/%2Fetc%2Fpasswd',
    '/api/files/public/gifts\\..\\..\\auth-secret',
  ])('refuses the traversal %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    // An encoded slash is refused before routing (400 non_canonical_path); the rest 404.
    expect(res.statusCode).toBe(url.includes('%2F') ? 400 : 404);
    expect(res.body).not.toContain('"name"');
    expect(res.body).not.toContain('root:');
  });
});
