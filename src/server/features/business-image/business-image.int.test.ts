import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@shared/domain/documents';
import { businesses } from '../../db/schema/businesses';
import { keyFromPublicUrl } from '../../platform/storage/public-files';
import { authedInject, signIn } from '../../testing/auth-helpers';
import { createBusiness, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { multipart, samplePdf, samplePng, sampleJpegWithExif } from '../../testing/upload-files';

describe('business main image', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function owner() {
    const user = await createUser(t.database.db, { userType: 'business' });
    const business = await createBusiness(t.database.db, { ownerId: user.id });
    const { cookie } = await signIn(t, { email: user.email, password: user.password });
    return { user, business, cookie };
  }

  function upload(cookie: string | null, data: Buffer, fileName = 'photo.jpg', contentType = 'image/jpeg') {
    const body = multipart([{ name: 'file', fileName, contentType, data }]);
    return authedInject(t, cookie, { method: 'POST', url: '/api/business/image', payload: body.payload, headers: body.headers });
  }

  async function fetchPublic(url: string) {
    return t.app.inject({ method: 'GET', url });
  }

  it('re-encodes to WebP, upright, without EXIF, in two sizes served publicly', async () => {
    const { business, cookie } = await owner();
    const original = await sampleJpegWithExif('SECRET-GPS-MARKER', 2400, 1200);
    expect(original.includes('SECRET-GPS-MARKER')).toBe(true);

    const res = await upload(cookie, original);
    expect(res.statusCode).toBe(200);
    const { imageUrl, thumbnailUrl } = res.json() as { imageUrl: string; thumbnailUrl: string };
    expect(imageUrl).toMatch(new RegExp(`^/api/files/public/${business.id}/main\\.[0-9a-f]{16}\\.webp$`));
    expect(thumbnailUrl).toMatch(new RegExp(`^/api/files/public/${business.id}/main-w480\\.[0-9a-f]{16}\\.webp$`));

    const main = await fetchPublic(imageUrl);
    expect(main.statusCode).toBe(200);
    expect(main.headers['content-type']).toBe('image/webp');
    const meta = await sharp(main.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(main.rawPayload.includes('SECRET-GPS-MARKER')).toBe(false);
    // Orientation 6 turned the 2400×1200 landscape into a portrait, then fit into 1600 px.
    expect([meta.width, meta.height]).toEqual([800, 1600]);

    const thumb = await sharp((await fetchPublic(thumbnailUrl)).rawPayload).metadata();
    expect(Math.max(thumb.width, thumb.height)).toBe(480);

    const [row] = await t.database.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(row!.imageUrl).toBe(imageUrl);
  });

  it('a new image removes the previous objects; delete clears it', async () => {
    const { business, cookie } = await owner();
    const first = (await upload(cookie, await samplePng(40, 40), 'a.png', 'image/png')).json();
    const second = (await upload(cookie, await samplePng(50, 30), 'b.png', 'image/png')).json();
    expect(second.imageUrl).not.toBe(first.imageUrl);
    expect(await t.app.ctx.storage.exists(keyFromPublicUrl(first.imageUrl)!)).toBe(false);
    expect(await t.app.ctx.storage.exists(keyFromPublicUrl(first.thumbnailUrl)!)).toBe(false);
    expect(await t.app.ctx.storage.exists(keyFromPublicUrl(second.imageUrl)!)).toBe(true);

    const del = await authedInject(t, cookie, { method: 'DELETE', url: '/api/business/image' });
    expect(del.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(row!.imageUrl).toBeNull();
    expect(await t.app.ctx.storage.exists(keyFromPublicUrl(second.imageUrl)!)).toBe(false);
    expect(await t.app.ctx.storage.exists(keyFromPublicUrl(second.thumbnailUrl)!)).toBe(false);
  });

  it.each([
    ['a PDF named .jpg', () => samplePdf(), 'photo.jpg'],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg'],
    ['text', () => Buffer.from('hello'), 'photo.png'],
  ])('refuses %s with image_invalid', async (_label, make, name) => {
    const { business, cookie } = await owner();
    const res = await upload(cookie, make(), name);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'image_invalid' });
    expect(await t.app.ctx.storage.list(`${business.id}/`)).toHaveLength(0);
  });

  it('refuses 5 MB + 1 byte with 413 image_too_large', async () => {
    const { business, cookie } = await owner();
    const png = await samplePng();
    const big = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]);
    const res = await upload(cookie, big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'image_too_large' });
    expect(await t.app.ctx.storage.list(`${business.id}/`)).toHaveLength(0);
  });

  it('refuses an empty file', async () => {
    const { cookie } = await owner();
    const res = await upload(cookie, Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'file_empty' });
  });

  it('anonymous 401; a user without a business 404', async () => {
    expect((await upload(null, await samplePng())).statusCode).toBe(401);
    const user = await createUser(t.database.db);
    const { cookie } = await signIn(t, { email: user.email, password: user.password });
    const res = await upload(cookie, await samplePng(), 'a.png', 'image/png');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'business_not_found' });
    expect((await authedInject(t, cookie, { method: 'DELETE', url: '/api/business/image' })).statusCode).toBe(404);
  });
});
