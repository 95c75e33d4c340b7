import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth';
import { businessApplications, businesses, commissionAcceptances } from '../../db/schema/businesses';
import { authedInject, signIn } from '../../testing/auth-helpers';
import { createBusiness, createGift, createOrder, createUser, createValidCif } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { multipart, samplePdf, samplePng } from '../../testing/upload-files';
import { tempDocumentsPrefix } from '../../domain/documents/document-files';
import { PARTNER_TERMS_VERSION } from '@shared/domain/legal-versions';

const companyBody = (overrides: Record<string, unknown> = {}) => ({
  businessName: 'Horno San Nicolás',
  category: 'coffee_bakery',
  address: 'Carrer de Cavallers 12, Valencia',
  taxId: createValidCif(4242).toLowerCase(),
  phone: '963 12 34 56',
  website: 'hornosannicolas.es',
  description: 'Pan y dulces desde 1890.',
  businessType: 'company',
  legalName: 'Forn de Sant Nicolau S.L.',
  fiscalAddress: 'Carrer de Cavallers 12, 46001 València',
  district: 'ciutat_vella',
  commissionAccepted: true,
  ...overrides,
});

describe('POST /api/business/registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function signedInUser(overrides: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t.database.db, { userType: 'business', ...overrides });
    const { cookie } = await signIn(t, { email: user.email, password: user.password });
    return { user, cookie };
  }

  async function upload(cookie: string, type: string, fileName: string, data: Buffer, contentType = 'application/pdf') {
    const body = multipart([
      { name: 'type', value: type },
      { name: 'file', fileName, contentType, data },
    ]);
    const res = await authedInject(t, cookie, { method: 'POST', url: '/api/business/documents', payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(201);
  }

  const submit = (cookie: string | null, body: Record<string, unknown>) =>
    authedInject(t, cookie, { method: 'POST', url: '/api/business/registration', payload: body });

  // Storage outlives the per-test database reset, so compare with what was there before.
  const businessKeys = async () => (await t.app.ctx.storage.list('')).map((e) => e.key).filter((k) => !k.startsWith('temp/')).sort();
  async function nothingWritten(before: string[]) {
    expect(await t.database.db.select().from(businesses)).toHaveLength(0);
    expect(await t.database.db.select().from(businessApplications)).toHaveLength(0);
    expect(await businessKeys()).toEqual(before);
  }

  it('registers a company with its three documents: business + pending application, files moved', async () => {
    const { user, cookie } = await signedInUser();
    await upload(cookie, 'business_license', 'licencia.pdf', samplePdf());
    await upload(cookie, 'tax_registration', 'modelo-036.png', await samplePng(), 'image/png');
    await upload(cookie, 'articles_incorporation', 'estatutos.pdf', samplePdf());

    const res = await submit(cookie, companyBody());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ verificationStatus: 'pending', commissionRate: 10 });
    expect(body.documents).toHaveLength(3);

    const [business] = await t.database.db.select().from(businesses).where(eq(businesses.ownerId, user.id));
    expect(business).toMatchObject({
      id: body.businessId,
      name: 'Horno San Nicolás',
      category: 'coffee_bakery',
      city: 'Valencia',
      businessType: 'company',
      taxId: createValidCif(4242),
      // Asked by the wizard, stored where the invoices and the admin's check read them.
      legalName: 'Forn de Sant Nicolau S.L.',
      fiscalAddress: 'Carrer de Cavallers 12, 46001 València',
      district: 'ciutat_vella',
      phone: '+34963123456',
      website: 'https://hornosannicolas.es/',
      verificationStatus: 'pending',
      isActive: false,
      commissionRate: 10,
    });
    expect(business!.termsAcceptedAt).toBeInstanceOf(Date);
    // Which partner agreement and when (ADR 059), shown on the dashboard's verification tab.
    expect(business!.partnerTermsVersion).toBe(PARTNER_TERMS_VERSION);
    const me = await authedInject(t, cookie, { method: 'GET', url: '/api/business/me' });
    expect(me.json()).toMatchObject({ partnerTermsVersion: PARTNER_TERMS_VERSION, termsAcceptedAt: business!.termsAcceptedAt!.toISOString() });
    // The rate the third step showed is recorded as accepted (ADR 065), with the agreement's version.
    expect(await t.database.db.select().from(commissionAcceptances).where(eq(commissionAcceptances.businessId, business!.id))).toMatchObject([
      { commissionRate: business!.commissionRate, partnerTermsVersion: PARTNER_TERMS_VERSION, acceptedBy: business!.ownerId, source: 'signup' },
    ]);
    const [application] = await t.database.db.select().from(businessApplications).where(eq(businessApplications.businessId, business!.id));
    expect(application).toMatchObject({ applicationStatus: 'pending' });
    expect(application!.submittedAt).toBeInstanceOf(Date);

    const documents = business!.verificationDocuments;
    expect(documents.map((d) => d.type).sort()).toEqual(['articles_incorporation', 'business_license', 'tax_registration']);
    for (const document of documents) {
      expect(document.url).toMatch(new RegExp(`^${business!.id}/documents/${document.type}_\\d+\\.(pdf|png)$`));
      expect(await t.app.ctx.storage.exists(document.url)).toBe(true);
    }
    expect(documents.find((d) => d.type === 'tax_registration')!.fileName).toBe('modelo-036.png');
    expect(await t.app.ctx.storage.list(tempDocumentsPrefix(user.id))).toHaveLength(0);

    // The list now comes from the business, with download links that work.
    const listed = await authedInject(t, cookie, { method: 'GET', url: '/api/business/documents' });
    expect(listed.json().businessId).toBe(business!.id);
    const link = listed.json().items[0].downloadUrl as string;
    expect((await authedInject(t, cookie, { method: 'GET', url: link })).statusCode).toBe(200);

    const confirm = await authedInject(t, cookie, { method: 'POST', url: '/api/business/confirm-session' });
    expect(confirm.json().hasBusiness).toBe(true);
  });

  it('registers an individual with two documents plus an id and a NIE tax id', async () => {
    const { user, cookie } = await signedInUser({ userType: 'consumer' });
    await upload(cookie, 'business_license', 'licencia.pdf', samplePdf());
    await upload(cookie, 'tax_registration', 'alta.pdf', samplePdf());
    await upload(cookie, 'id_document', 'nie.pdf', samplePdf());
    const res = await submit(cookie, companyBody({ businessType: 'individual', taxId: 'x1234567l', businessName: 'Cerámica Ana' }));
    expect(res.statusCode).toBe(201);
    const [business] = await t.database.db.select().from(businesses).where(eq(businesses.ownerId, user.id));
    expect(business).toMatchObject({ businessType: 'individual', taxId: 'X1234567L' });
    expect(business!.verificationDocuments).toHaveLength(3);
    // A consumer who registers a business becomes a business user.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ isBusiness: true, userType: 'business', businessName: 'Cerámica Ana' });
  });

  it('refuses missing documents, naming them, and writes nothing', async () => {
    const { user, cookie } = await signedInUser();
    const before = await businessKeys();
    await upload(cookie, 'business_license', 'licencia.pdf', samplePdf());
    const res = await submit(cookie, companyBody());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'documents_missing',
      fields: { tax_registration: 'documentRequired', articles_incorporation: 'documentRequired' },
    });
    await nothingWritten(before);
    expect(await t.app.ctx.storage.list(tempDocumentsPrefix(user.id))).not.toHaveLength(0);
  });

  it('refuses a bad tax id with invalidTaxId and a NIE for a company with nieNeedsIndividual, writing nothing', async () => {
    const { cookie } = await signedInUser();
    const before = await businessKeys();
    for (const [taxId, code] of [['B12345678', 'invalidTaxId'], ['12345678A', 'invalidTaxId'], ['X1234567L', 'nieNeedsIndividual']]) {
      const res = await submit(cookie, companyBody({ taxId }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { taxId: code } });
    }
    await nothingWritten(before);
  });

  it('refuses empty required fields with fieldRequired', async () => {
    const { cookie } = await signedInUser();
    const before = await businessKeys();
    const res = await submit(cookie, companyBody({ businessName: ' ', category: '', address: '', taxId: '', legalName: ' ', fiscalAddress: '', district: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      businessName: 'fieldRequired',
      category: 'fieldRequired',
      address: 'fieldRequired',
      taxId: 'fieldRequired',
      legalName: 'fieldRequired',
      fiscalAddress: 'fieldRequired',
      district: 'fieldRequired',
    });
    // Left out altogether, and a district Valencia does not have.
    const { legalName: _legal, fiscalAddress: _fiscal, ...withoutInvoicing } = companyBody();
    const missing = await submit(cookie, { ...withoutInvoicing, district: 'atlantis' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ legalName: 'fieldRequired', fiscalAddress: 'fieldRequired', district: 'invalidDistrict' });
    await nothingWritten(before);
  });

  it('keeps the booking details the wizard asks (phone, WhatsApp, booking link, opening hours), shown where the gift page says how to book', async () => {
    const { user, cookie } = await signedInUser();
    await upload(cookie, 'business_license', 'a.pdf', samplePdf());
    await upload(cookie, 'tax_registration', 'b.pdf', samplePdf());
    await upload(cookie, 'articles_incorporation', 'c.pdf', samplePdf());
    const res = await submit(cookie, companyBody({ whatsapp: '612 34 56 78', bookingUrl: 'reservas.hornosannicolas.es/mesa', openingHours: ' Martes a sábado 8:00–14:00\nDomingo 9:00–13:00 ' }));
    expect(res.statusCode, res.body).toBe(201);
    const [business] = await t.database.db.select().from(businesses).where(eq(businesses.ownerId, user.id));
    expect(business).toMatchObject({
      phone: '+34963123456',
      whatsapp: '+34612345678',
      bookingUrl: 'https://reservas.hornosannicolas.es/mesa',
      openingHours: 'Martes a sábado 8:00–14:00\nDomingo 9:00–13:00',
    });
    // Once approved and selling: the gift page's "how to book" reads them.
    await t.database.db.update(businesses).set({ verificationStatus: 'approved', isActive: true }).where(eq(businesses.id, business!.id));
    const gift = await createGift(t.database.db, { businessId: business!.id, bookingRequired: true });
    const buyer = await createUser(t.database.db);
    const order = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, status: 'paid' });
    const page = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}?lang=es`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="tel:+34963123456"');
    expect(page.body).toContain('href="https://wa.me/34612345678"');
    expect(page.body).toContain('href="https://reservas.hornosannicolas.es/mesa"');
    expect(page.body).toContain('Martes a sábado 8:00–14:00');
  });

  it('refuses booking details that are not valid, naming the fields, and writes nothing', async () => {
    const { cookie } = await signedInUser();
    const before = await businessKeys();
    const res = await submit(cookie, companyBody({ phone: '12345', whatsapp: '+34 512 345 678', bookingUrl: 'http://reservas.example.es', openingHours: 'x'.repeat(501) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ phone: 'invalidPhone', whatsapp: 'invalidPhone', bookingUrl: 'bookingUrlNotHttps', openingHours: 'tooLong' });
    expect((await submit(cookie, companyBody({ bookingUrl: 'javascript:alert(1)' }))).json().fields).toEqual({ bookingUrl: 'bookingUrlNotHttps' });
    await nothingWritten(before);
  });

  it('refuses an unchecked commission box with commission_required', async () => {
    const { cookie } = await signedInUser();
    const before = await businessKeys();
    await upload(cookie, 'business_license', 'a.pdf', samplePdf());
    await upload(cookie, 'tax_registration', 'b.pdf', samplePdf());
    await upload(cookie, 'articles_incorporation', 'c.pdf', samplePdf());
    for (const commissionAccepted of [false, undefined]) {
      const res = await submit(cookie, companyBody({ commissionAccepted }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'commission_required' });
    }
    await nothingWritten(before);
  });

  it('answers business_exists for a user who already owns one', async () => {
    const { user, cookie } = await signedInUser();
    await createBusiness(t.database.db, { ownerId: user.id });
    const res = await submit(cookie, companyBody());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'business_exists' });
  });

  it('needs a session, even with a bad body', async () => {
    expect((await submit(null, companyBody())).statusCode).toBe(401);
    expect((await submit(null, {})).statusCode).toBe(401);
  });

  describe('GET /api/business/registration', () => {
    const status = (cookie: string | null) => authedInject(t, cookie, { method: 'GET', url: '/api/business/registration' });

    it('shows the owner their own business and its status', async () => {
      const { user, cookie } = await signedInUser();
      const business = await createBusiness(t.database.db, {
        ownerId: user.id,
        name: 'Cerámica del Turia',
        verificationStatus: 'pending',
        isActive: false,
      });
      const res = await status(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        businessId: business.id,
        name: 'Cerámica del Turia',
        verificationStatus: 'pending',
        isActive: false,
      });
    });

    it('answers business_not_found to a user without a business, even when others have one', async () => {
      const other = await createUser(t.database.db, { userType: 'business' });
      await createBusiness(t.database.db, { ownerId: other.id });
      const { cookie } = await signedInUser();
      const res = await status(cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'business_not_found' });
    });

    it('needs a session', async () => {
      expect((await status(null)).statusCode).toBe(401);
    });
  });
});
