import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../../db/schema/businesses';
import { createGift, createOrder, createUser, createValidCif } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { as, signedInOwner } from '../../../testing/dashboard-test-world';

describe('business profile (GET/PATCH /api/business/me)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const row = async (id: string) => (await t.database.db.select().from(businesses).where(eq(businesses.id, id)))[0]!;

  it('returns every profile field, the verification details, documents and REAL totals', async () => {
    const terms = new Date('2026-05-04T10:00:00Z');
    const { business, cookie } = await signedInOwner(t, {
      name: 'Horchatería Santa Catalina',
      category: 'traditional_drinks',
      businessType: 'company',
      businessRegistrationNumber: 'V-12345',
      phone: '+34961234567',
      email: 'hola@horchateria.example',
      website: 'https://horchateria.example/',
      description: 'Horchata desde 1836',
      imageUrl: '/api/files/public/gifts/0b6f1c3e-2a4d-4c5e-8f9a-1b2c3d4e5f60/main.0123456789abcdef.webp',
      termsAcceptedAt: terms,
      commissionRate: 12.5,
      verificationStatus: 'rejected',
      isActive: false,
      rejectionReason: 'El CIF no coincide',
      verificationDocuments: [
        { type: 'business_license', fileName: 'licencia.pdf', url: 'x/documents/business_license_1.pdf', uploadedAt: '2026-05-01T09:00:00.000Z' },
      ],
    });
    const buyer = await createUser(t.database.db);
    const g1 = await createGift(t.database.db, { businessId: business.id });
    await createGift(t.database.db, { businessId: business.id });
    const archived = await createGift(t.database.db, { businessId: business.id, archivedAt: new Date() });
    for (const status of ['paid', 'cancelled', 'unpaid'] as const) {
      await createOrder(t.database.db, { buyerId: buyer.id, giftId: status === 'paid' ? archived.id : g1.id, status });
    }
    // Cancelled after payment (a refund) counts; never-paid orders are not the business's.
    await createOrder(t.database.db, { buyerId: buyer.id, giftId: g1.id, status: 'cancelled', paidAt: new Date() });

    const res = await as(t, cookie)({ method: 'GET', url: '/api/business/me' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      id: business.id,
      slug: 'horchateria-santa-catalina',
      name: 'Horchatería Santa Catalina',
      district: null,
      latitude: null,
      longitude: null,
      category: 'traditional_drinks',
      description: 'Horchata desde 1836',
      // The business's own texts are Spanish until it says otherwise; no other language yet (ADR 073).
      ownLocale: 'es',
      descriptionTranslations: {},
      address: business.address,
      city: 'Valencia',
      phone: '+34961234567',
      email: 'hola@horchateria.example',
      website: 'https://horchateria.example/',
      whatsapp: null,
      bookingUrl: null,
      openingHours: null,
      openingHoursTranslations: {},
      businessType: 'company',
      taxId: business.taxId,
      businessRegistrationNumber: 'V-12345',
      legalName: null,
      fiscalAddress: null,
      invoicingDataMissing: ['legalName', 'fiscalAddress'],
      // DAC7's seller details (ADR 100): none given yet; a company with a registration number still lacks these.
      sellerDetails: { ownerFirstName: null, ownerLastName: null, ownerBirthDate: null, vatNumber: null, permanentEstablishments: [], iban: null, ibanHolder: null },
      dac7Missing: ['legalName', 'fiscalAddress', 'iban', 'ibanHolder'],
      imageUrl: business.imageUrl,
      thumbnailUrl: business.imageUrl!.replace('/main.', '/main-w480.'),
      verificationStatus: 'rejected',
      rejectionReason: 'El CIF no coincide',
      isActive: false,
      commissionRate: 12.5,
      proposedCommissionRate: null,
      commissionProposedAt: null,
      orderMailDigest: false,
      termsAcceptedAt: terms.toISOString(),
      partnerTermsVersion: null,
      documents: [
        {
          type: 'business_license',
          fileName: 'licencia.pdf',
          uploadedAt: '2026-05-01T09:00:00.000Z',
          downloadUrl: `/api/business/documents/${business.id}/business_license/download`,
        },
      ],
      // Two gifts not archived; three orders whatever their status.
      totals: { gifts: 2, orders: 2, extensionRequests: 0 },
      createdAt: business.createdAt.toISOString(),
    });
  });

  it('saves the form: trimmed, normalised, empty optional fields stored as null', async () => {
    const { business, cookie } = await signedInOwner(t, { phone: '+34600000000', website: 'https://old.example/', email: 'old@example.test' });
    const cif = createValidCif(4242);
    const res = await as(t, cookie)({
      method: 'PATCH',
      url: '/api/business/me',
      payload: {
        name: '  Taller de Cerámica Ruzafa ',
        category: 'artisan_workshop',
        description: '',
        address: 'Carrer de Sueca 12',
        phone: '',
        email: '',
        website: 'ceramica-ruzafa.example',
        businessType: 'cooperative',
        taxId: ` ${cif.toLowerCase()} `,
        businessRegistrationNumber: '   ',
        // A new name, type and tax id: the owner confirmed the return to review (ADR 065).
        confirmReview: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Taller de Cerámica Ruzafa',
      category: 'artisan_workshop',
      description: null,
      phone: null,
      email: null,
      website: 'https://ceramica-ruzafa.example/',
      businessType: 'cooperative',
      taxId: cif,
      businessRegistrationNumber: null,
    });
    expect(await row(business.id)).toMatchObject({
      name: 'Taller de Cerámica Ruzafa',
      phone: null,
      email: null,
      businessType: 'cooperative',
      taxId: cif,
    });
  });

  it('normalises phone and email, and leaves fields that were not sent alone', async () => {
    const { business, cookie } = await signedInOwner(t, { description: 'Sigue igual' });
    const res = await as(t, cookie)({
      method: 'PATCH',
      url: '/api/business/me',
      payload: { phone: '961 23 45 67', email: 'Hola@Ejemplo.ES' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(business.id)).toMatchObject({ phone: '+34961234567', email: 'hola@ejemplo.es', description: 'Sigue igual', name: business.name });
  });

  it.each([
    ['an empty name', { name: '  ' }, { name: 'fieldRequired' }],
    ['an empty address', { address: '' }, { address: 'fieldRequired' }],
    ['a bad website', { website: 'not a website' }, { website: 'invalidWebsite' }],
    ['a bad email', { email: 'nobody@' }, { email: 'invalidEmail' }],
    ['a bad phone', { phone: '12' }, { phone: 'invalidPhone' }],
    ['an unknown category', { category: 'casino' }, { category: 'invalidCategory' }],
    ['an unknown business type', { businessType: 'charity' }, { businessType: 'invalidBusinessType' }],
    ['a district outside Valencia', { district: 'salamanca' }, { district: 'invalidDistrict' }],
    ['a NIE for a company', { businessType: 'company', taxId: 'X1234567L' }, { taxId: 'nieNeedsIndividual' }],
    ['a tax id with a wrong check letter', { businessType: 'individual', taxId: '12345678A' }, { taxId: 'invalidTaxId' }],
    ['a name too long', { name: 'x'.repeat(201) }, { name: 'tooLong' }],
  ])('refuses %s with a field code and changes nothing', async (_label, payload, fields) => {
    const { business, cookie } = await signedInOwner(t);
    const before = await row(business.id);
    const res = await as(t, cookie)({ method: 'PATCH', url: '/api/business/me', payload: { description: 'changed', ...payload } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields });
    expect(await row(business.id)).toEqual(before);
  });

  it('keeps the district the catalogue filters by; an empty choice clears it', async () => {
    const { business, cookie } = await signedInOwner(t);
    const set = await as(t, cookie)({ method: 'PATCH', url: '/api/business/me', payload: { district: 'poblats_maritims' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ district: 'poblats_maritims', slug: business.slug });
    expect((await row(business.id)).district).toBe('poblats_maritims');
    const cleared = await as(t, cookie)({ method: 'PATCH', url: '/api/business/me', payload: { district: '' } });
    expect(cleared.json()).toMatchObject({ district: null });
  });

  it('keeps the shop’s coordinates as the owner types them (a decimal comma too); both or neither, in range; empty clears them', async () => {
    const { business, cookie } = await signedInOwner(t);
    const patch = (payload: object) => as(t, cookie)({ method: 'PATCH', url: '/api/business/me', payload });
    const set = await patch({ latitude: '39,47385', longitude: ' -0.3764 ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ latitude: 39.47385, longitude: -0.3764 });
    expect(await row(business.id)).toMatchObject({ latitude: 39.47385, longitude: -0.3764 });

    const before = await row(business.id);
    for (const [payload, fields] of [
      [{ latitude: '91', longitude: '0' }, { latitude: 'invalidCoordinate' }],
      [{ latitude: '39.4', longitude: '-180.5' }, { longitude: 'invalidCoordinate' }],
      [{ latitude: 'north', longitude: '0' }, { latitude: 'invalidCoordinate' }],
      [{ latitude: '39.4', longitude: '', description: 'Changed' }, { longitude: 'coordinatesTogether' }],
      // One sent alone is checked with the other as stored: clearing only one is refused too.
      [{ latitude: '' }, { latitude: 'coordinatesTogether' }],
    ] as const) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', fields });
      expect(await row(business.id)).toEqual(before);
    }

    const moved = await patch({ longitude: -0.37 });
    expect(moved.json()).toMatchObject({ latitude: 39.47385, longitude: -0.37 });
    const cleared = await patch({ latitude: '', longitude: '' });
    expect(cleared.json()).toMatchObject({ latitude: null, longitude: null });
  });

  it('checks the tax id against the type after merging with what is stored', async () => {
    const { business, cookie } = await signedInOwner(t, { businessType: 'individual', taxId: 'X1234567L' });
    const before = await row(business.id);
    const res = await as(t, cookie)({ method: 'PATCH', url: '/api/business/me', payload: { businessType: 'company' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { taxId: 'nieNeedsIndividual' } });
    expect(await row(business.id)).toEqual(before);

    const ok = await as(t, cookie)({ method: 'PATCH', url: '/api/business/me', payload: { businessType: 'company', taxId: '12345678Z', confirmReview: true } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ businessType: 'company', taxId: '12345678Z' });
  });

  it('never takes ownership or status fields from the client', async () => {
    const other = await signedInOwner(t);
    const { business, cookie } = await signedInOwner(t, { verificationStatus: 'pending', isActive: false });
    const res = await as(t, cookie)({
      method: 'PATCH',
      url: '/api/business/me',
      payload: { id: other.business.id, ownerId: other.user.id, isActive: true, verificationStatus: 'approved', commissionRate: 0, description: 'mine' },
    });
    expect(res.statusCode).toBe(200);
    expect(await row(business.id)).toMatchObject({ description: 'mine', isActive: false, verificationStatus: 'pending', commissionRate: 10 });
    expect(await row(other.business.id)).toMatchObject({ ownerId: other.user.id, description: null });
  });
});
