import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessApplications, businesses } from '../../db/schema/businesses';
import { orders } from '../../db/schema/orders';
import { authedInject, signIn } from '../../testing/auth-helpers';
import { createBusiness, createBusinessApplication, createBusinessInterest, createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { multipart, samplePdf, samplePng } from '../../testing/upload-files';

/**
 * ADR 035: deleting an owner's account left the business's contact details,
 * every verification document (the identity document too), its public image and its
 * applications behind. What stays, for the books, is what the orders need: the business's
 * name, category, tax id and commission rate, and the orders themselves.
 */
describe('deleting a business owner’s account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('erases the business’s personal data, documents, image and applications; keeps the books', async () => {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, { ownerId: owner.id, name: 'Horno Borrado', phone: '+34600111222', website: 'https://horno.example' });
    const gift = await createGift(db, { businessId: shop.id });
    const order = await createOrder(db, { buyerId: null, giftId: gift.id, status: 'paid' });
    await createBusinessApplication(db, { businessId: shop.id });
    const { cookie } = await signIn(t, { email: owner.email, password: owner.password });
    const dac7 = { ownerFirstName: 'Amparo', ownerBirthDate: '1979-03-19', iban: 'ES9121000418450200051332', ibanHolder: 'Amparo Ferrer' };
    expect((await authedInject(t, cookie, { method: 'PUT', url: '/api/business/seller-details', payload: dac7 })).statusCode).toBe(200);

    const image = multipart([{ name: 'file', fileName: 'shop.png', contentType: 'image/png', data: await samplePng(40, 30) }]);
    expect((await authedInject(t, cookie, { method: 'POST', url: '/api/business/image', ...image })).statusCode).toBe(200);
    const doc = multipart([
      { name: 'type', value: 'id_document' },
      { name: 'file', fileName: 'dni.pdf', contentType: 'application/pdf', data: samplePdf() },
    ]);
    expect((await authedInject(t, cookie, { method: 'POST', url: '/api/business/documents', ...doc })).statusCode).toBe(201);
    expect((await t.app.ctx.storage.list(`${shop.id}/`)).length).toBeGreaterThan(0);

    const res = await authedInject(t, cookie, { method: 'DELETE', url: '/api/account', payload: { password: owner.password } });
    expect(res.statusCode).toBe(204);

    const [row] = await db.select().from(businesses).where(eq(businesses.id, shop.id));
    expect(row).toMatchObject({
      ownerId: null,
      isActive: false,
      name: 'Horno Borrado',
      taxId: shop.taxId,
      address: '',
      phone: null,
      email: null,
      website: null,
      description: null,
      imageUrl: null,
      businessRegistrationNumber: null,
      verificationDocuments: [],
      // What DAC7 reports stays the 5 to 10 years the platform must keep it (ADR 100).
      ...dac7,
    });
    expect(await db.select().from(businessApplications).where(eq(businessApplications.businessId, shop.id))).toHaveLength(0);
    expect(await t.app.ctx.storage.list(`${shop.id}/`)).toEqual([]);
    expect(await t.app.ctx.storage.list(`temp/${owner.id}/`)).toEqual([]);
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: 'paid', businessId: shop.id });
  });
});

describe('an owner’s data export (GDPR art. 15/20)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('includes the image, the documents, the applications and the interest record', async () => {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, { ownerId: owner.id });
    await createBusinessApplication(db, { businessId: shop.id });
    await createBusinessInterest(db, { email: owner.email, userId: owner.id, businessName: 'Interés' });
    const { cookie } = await signIn(t, { email: owner.email, password: owner.password });
    const image = multipart([{ name: 'file', fileName: 'shop.png', contentType: 'image/png', data: await samplePng(40, 30) }]);
    await authedInject(t, cookie, { method: 'POST', url: '/api/business/image', ...image });
    const doc = multipart([
      { name: 'type', value: 'id_document' },
      { name: 'file', fileName: 'dni.pdf', contentType: 'application/pdf', data: samplePdf() },
    ]);
    await authedInject(t, cookie, { method: 'POST', url: '/api/business/documents', ...doc });
    await authedInject(t, cookie, { method: 'PUT', url: '/api/business/seller-details', payload: { ownerBirthDate: '1979-03-19', iban: 'ES9121000418450200051332', permanentEstablishments: ['PT'] } });

    const res = await authedInject(t, cookie, { method: 'GET', url: '/api/account/export' });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.business.imageUrl).toMatch(/^\/api\/files\/public\//);
    expect(data.business.documents).toEqual([
      expect.objectContaining({ type: 'id_document', fileName: 'dni.pdf', downloadPath: `/api/business/documents/${shop.id}/id_document/download` }),
    ]);
    expect(data.business.applications).toEqual([expect.objectContaining({ applicationStatus: 'pending' })]);
    expect(data.businessInterest).toMatchObject({ businessName: 'Interés', email: owner.email });
    expect(data.business).toMatchObject({ ownerBirthDate: '1979-03-19', iban: 'ES9121000418450200051332', permanentEstablishments: ['PT'], ownerFirstName: null });
    expect(res.body).not.toMatch(/confirmationToken|"url":/);
  });
});
