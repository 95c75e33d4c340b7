import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@shared/domain/documents';
import { gifts } from '../../../db/schema/gifts';
import { orders } from '../../../db/schema/orders';
import { keyFromPublicUrl } from '../../../platform/storage/public-files';
import { createGift, createOrder, createUser } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { multipart, sampleJpegWithExif, samplePdf, samplePng } from '../../../testing/upload-files';
import { as, imageUpload, signedInOwner, signedInUser } from '../../../testing/dashboard-test-world';

describe('business gifts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const giftRow = async (id: string) => (await t.database.db.select().from(gifts).where(eq(gifts.id, id)))[0];
  const create = (cookie: string, payload: Record<string, unknown>) =>
    as(t, cookie)({ method: 'POST', url: '/api/business/gifts', payload });

  it('lists the business’s own gifts, newest first, without archived ones', async () => {
    const { business, cookie } = await signedInOwner(t);
    const other = await signedInOwner(t);
    const old = await createGift(t.database.db, { businessId: business.id, name: 'Antiguo', createdAt: new Date('2026-01-01T10:00:00Z') });
    const recent = await createGift(t.database.db, { businessId: business.id, name: 'Reciente', createdAt: new Date('2026-06-01T10:00:00Z') });
    await createGift(t.database.db, { businessId: business.id, archivedAt: new Date() });
    await createGift(t.database.db, { businessId: other.business.id });
    const buyer = await createUser(t.database.db);
    await createOrder(t.database.db, { buyerId: buyer.id, giftId: old.id });

    const res = await as(t, cookie)({ method: 'GET', url: '/api/business/gifts' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({ id: recent.id, name: 'Reciente', hasOrders: false }),
      expect.objectContaining({ id: old.id, name: 'Antiguo', hasOrders: true, price: 2500, currency: 'EUR' }),
    ]);
  });

  it('creates a gift with the price in cents, defaults on, owned by the caller’s business', async () => {
    const { business, cookie } = await signedInOwner(t);
    const res = await create(cookie, { name: '  Cena para dos ', description: '', price: '19,90' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Cena para dos', description: null, price: 1990, currency: 'EUR', isAvailable: true, validityDays: 365, imageUrl: null, hasOrders: false });
    expect(await giftRow(body.id)).toMatchObject({ businessId: business.id, price: 1990, validityDays: 365, forTwo: false, slug: 'cena-para-dos' });
  });

  it('marks a gift "for two", on creation and later, for the catalogue\'s filter', async () => {
    const { cookie } = await signedInOwner(t);
    const made = await create(cookie, { name: 'Cena para dos', price: '40', forTwo: true });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ forTwo: true });
    const off = await as(t, cookie)({ method: 'PATCH', url: `/api/business/gifts/${made.json().id}`, payload: { forTwo: false } });
    expect(off.json()).toMatchObject({ forTwo: false });
    expect((await giftRow(made.json().id))!.forTwo).toBe(false);
    const bad = await as(t, cookie)({ method: 'PATCH', url: `/api/business/gifts/${made.json().id}`, payload: { forTwo: 'yes' } });
    expect(bad.statusCode).toBe(400);
  });

  it.each([
    ['12,5', 1250],
    ['12,50', 1250],
    ['1.234,56', 123456],
    [19.9, 1990],
  ])('parses the price %j to %i cents', async (price, cents) => {
    const { cookie } = await signedInOwner(t);
    const res = await create(cookie, { name: 'Regalo', price });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().price).toBe(cents);
  });

  it.each([
    ['0.004', 'priceDecimals'],
    ['12,555', 'priceDecimals'],
    [12.555, 'priceDecimals'],
    ['-1', 'invalidPrice'],
    ['abc', 'invalidPrice'],
    ['0', 'invalidPrice'],
    ['', 'fillRequiredFields'],
    [null, 'fillRequiredFields'],
    ['20000', 'priceTooHigh'],
  ])('refuses the price %j with %s and creates nothing', async (price, code) => {
    const { business, cookie } = await signedInOwner(t);
    const res = await create(cookie, { name: 'Regalo', price });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { price: code } });
    expect(await t.database.db.select().from(gifts).where(eq(gifts.businessId, business.id))).toHaveLength(0);
  });

  it('asks for the required fields and a validity of 30-365 days', async () => {
    const { cookie } = await signedInOwner(t);
    const missing = await create(cookie, {});
    expect(missing.json()).toMatchObject({ fields: { name: 'fillRequiredFields', price: 'fillRequiredFields' } });
    for (const validityDays of [29, 366, 'abc']) {
      const res = await create(cookie, { name: 'Regalo', price: '10', validityDays });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { validityDays: 'invalidValidityDays' } });
    }
    const ok = await create(cookie, { name: 'Regalo', price: '10', validityDays: 30, isAvailable: false });
    expect(ok.json()).toMatchObject({ validityDays: 30, isAvailable: false });
  });

  it('edits a gift partially and toggles its availability', async () => {
    const { business, cookie } = await signedInOwner(t);
    const gift = await createGift(t.database.db, { businessId: business.id, name: 'Antes', price: 1000, description: 'Texto' });
    const edit = await as(t, cookie)({ method: 'PATCH', url: `/api/business/gifts/${gift.id}`, payload: { name: 'Después', price: '15,00', validityDays: 90 } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ name: 'Después', price: 1500, validityDays: 90, description: 'Texto', isAvailable: true });
    const toggle = await as(t, cookie)({ method: 'PATCH', url: `/api/business/gifts/${gift.id}`, payload: { isAvailable: false } });
    expect(toggle.json()).toMatchObject({ isAvailable: false, name: 'Después' });
    expect(await giftRow(gift.id)).toMatchObject({ name: 'Después', price: 1500, isAvailable: false, validityDays: 90 });

    const bad = await as(t, cookie)({ method: 'PATCH', url: `/api/business/gifts/${gift.id}`, payload: { name: '', price: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { name: 'fillRequiredFields', price: 'invalidPrice' } });
    expect(await giftRow(gift.id)).toMatchObject({ name: 'Después', price: 1500 });

    // A third decimal is a typo: refused, never rounded to 12,56 € and published.
    const typo = await as(t, cookie)({ method: 'PATCH', url: `/api/business/gifts/${gift.id}`, payload: { price: '12,555' } });
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toMatchObject({ code: 'validation_failed', fields: { price: 'priceDecimals' } });
    expect(await giftRow(gift.id)).toMatchObject({ price: 1500 });
  });

  it('never takes the business or the price in cents from the client', async () => {
    const other = await signedInOwner(t);
    const { business, cookie } = await signedInOwner(t);
    const res = await create(cookie, { name: 'Regalo', price: '10', businessId: other.business.id, currency: 'USD' });
    expect(res.statusCode).toBe(201);
    expect(await giftRow(res.json().id)).toMatchObject({ businessId: business.id, price: 1000, currency: 'EUR' });
  });

  it('deletes a gift without orders, image objects included', async () => {
    const { business, cookie } = await signedInOwner(t);
    const gift = await createGift(t.database.db, { businessId: business.id });
    const body = await imageUpload();
    const image = (await as(t, cookie)({ method: 'POST', url: `/api/business/gifts/${gift.id}/image`, payload: body.payload, headers: body.headers })).json();
    const res = await as(t, cookie)({ method: 'DELETE', url: `/api/business/gifts/${gift.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: gift.id, outcome: 'deleted' });
    expect(await giftRow(gift.id)).toBeUndefined();
    expect(await t.app.ctx.storage.exists(keyFromPublicUrl(image.imageUrl)!)).toBe(false);
    expect(await t.app.ctx.storage.exists(keyFromPublicUrl(image.thumbnailUrl)!)).toBe(false);
    expect((await as(t, cookie)({ method: 'DELETE', url: `/api/business/gifts/${gift.id}` })).statusCode).toBe(404);
  });

  it('archives a gift with orders: order history keeps its name, the catalogue and the dashboard drop it', async () => {
    const { business, cookie } = await signedInOwner(t);
    const gift = await createGift(t.database.db, { businessId: business.id, name: 'Paella para dos' });
    const buyer = await createUser(t.database.db);
    const order = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, status: 'redeemed' });
    const consumer = await signedInUser(t);
    const catalog = () => as(t, consumer.cookie)({ method: 'GET', url: `/api/catalog/businesses/${business.id}` });
    expect((await catalog()).json().gifts.map((g: { id: string }) => g.id)).toEqual([gift.id]);

    const res = await as(t, cookie)({ method: 'DELETE', url: `/api/business/gifts/${gift.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: gift.id, outcome: 'archived' });
    expect((await giftRow(gift.id))?.archivedAt).toBeInstanceOf(Date);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, order.id)))).toHaveLength(1);

    expect((await catalog()).json().gifts).toEqual([]);
    expect((await as(t, cookie)({ method: 'GET', url: '/api/business/gifts' })).json().items).toEqual([]);
    const history = await as(t, cookie)({ method: 'GET', url: '/api/business/orders' });
    expect(history.json().items).toEqual([expect.objectContaining({ id: order.id, giftName: 'Paella para dos' })]);
    // Archived gifts cannot be edited any more.
    const edit = await as(t, cookie)({ method: 'PATCH', url: `/api/business/gifts/${gift.id}`, payload: { isAvailable: true } });
    expect(edit.statusCode).toBe(404);
  });

  it('answers 404 for malformed and unknown gift ids', async () => {
    const { cookie } = await signedInOwner(t);
    for (const id of ['not-a-uuid', '0b6f1c3e-2a4d-4c5e-8f9a-1b2c3d4e5f60']) {
      const res = await as(t, cookie)({ method: 'PATCH', url: `/api/business/gifts/${id}`, payload: { isAvailable: false } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'gift_not_found' });
    }
  });

  describe('image', () => {
    const upload = async (cookie: string, giftId: string, data: Buffer, fileName = 'photo.jpg', contentType = 'image/jpeg') => {
      const body = multipart([{ name: 'file', fileName, contentType, data }]);
      return as(t, cookie)({ method: 'POST', url: `/api/business/gifts/${giftId}/image`, payload: body.payload, headers: body.headers });
    };

    it('re-encodes to WebP without EXIF under gifts/<id>/, replaces the previous one, removes it', async () => {
      const { business, cookie } = await signedInOwner(t);
      const gift = await createGift(t.database.db, { businessId: business.id });
      const original = await sampleJpegWithExif('SECRET-GPS-MARKER', 2000, 1000);
      const first = await upload(cookie, gift.id, original);
      expect(first.statusCode, first.body).toBe(200);
      const a = first.json();
      expect(a.imageUrl).toMatch(new RegExp(`^/api/files/public/gifts/${gift.id}/main\\.[0-9a-f]{16}\\.webp$`));
      expect(a.thumbnailUrl).toBe(a.imageUrl.replace('/main.', '/main-w480.'));
      const served = await t.app.inject({ method: 'GET', url: a.imageUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes('SECRET-GPS-MARKER')).toBe(false);
      expect(Math.max(meta.width, meta.height)).toBe(1600);

      const second = (await upload(cookie, gift.id, await samplePng(30, 50), 'b.png', 'image/png')).json();
      expect(second.imageUrl).not.toBe(a.imageUrl);
      expect(await t.app.ctx.storage.exists(keyFromPublicUrl(a.imageUrl)!)).toBe(false);
      expect(await t.app.ctx.storage.exists(keyFromPublicUrl(a.thumbnailUrl)!)).toBe(false);
      expect(await giftRow(gift.id)).toMatchObject({ imageUrl: second.imageUrl });
      const listed = (await as(t, cookie)({ method: 'GET', url: '/api/business/gifts' })).json().items[0];
      expect(listed).toMatchObject({ imageUrl: second.imageUrl, thumbnailUrl: second.thumbnailUrl });

      const del = await as(t, cookie)({ method: 'DELETE', url: `/api/business/gifts/${gift.id}/image` });
      expect(del.statusCode).toBe(204);
      expect(await giftRow(gift.id)).toMatchObject({ imageUrl: null });
      expect(await t.app.ctx.storage.exists(keyFromPublicUrl(second.imageUrl)!)).toBe(false);
    });

    it('refuses what is not an image by its bytes, and more than 5 MB', async () => {
      const { business, cookie } = await signedInOwner(t);
      const gift = await createGift(t.database.db, { businessId: business.id });
      const pdf = await upload(cookie, gift.id, samplePdf(), 'photo.jpg');
      expect(pdf.statusCode).toBe(415);
      expect(pdf.json()).toMatchObject({ code: 'image_invalid' });
      const png = await samplePng();
      const big = await upload(cookie, gift.id, Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]), 'big.png', 'image/png');
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ code: 'image_too_large' });
      expect(await t.app.ctx.storage.list(`gifts/${gift.id}/`)).toHaveLength(0);
      expect(await giftRow(gift.id)).toMatchObject({ imageUrl: null });
    });
  });
});
