import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessSignupDrafts } from '../../db/schema/businesses';
import { authedInject, signIn } from '../../testing/auth-helpers';
import { createBusiness, createUser, createValidCif } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { multipart, samplePdf } from '../../testing/upload-files';

/** An owner who leaves the wizard after step 1 finds it as they left it (ADR 066). */
describe('the sign-up wizard draft', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function owner() {
    const user = await createUser(t.database.db, { userType: 'business' });
    const { cookie } = await signIn(t, { email: user.email, password: user.password });
    return { user, cookie };
  }
  const get = (cookie: string | null) => authedInject(t, cookie, { method: 'GET', url: '/api/business/signup-draft' });
  const put = (cookie: string | null, payload: Record<string, unknown>) =>
    authedInject(t, cookie, { method: 'PUT', url: '/api/business/signup-draft', payload });

  const stepOne = {
    businessName: 'Cerámica Russafa',
    category: 'artisan_workshop',
    address: 'Carrer de Sueca 21',
    taxId: createValidCif(777),
    businessType: 'company',
    phone: '612 34 56 78',
    website: '',
    description: 'Clases de torno',
    // What the invoices and the district filter need travel with the draft too.
    legalName: 'Terrissa Russafa S.L.',
    fiscalAddress: 'Carrer de Sueca 21, 46006 València',
    district: 'eixample',
    // How recipients book travels with it too.
    whatsapp: '612 34 56 78',
    bookingUrl: 'reservas.ceramicarussafa.es',
    openingHours: 'Lunes a viernes\n10:00–14:00',
    hadPhoto: true,
  };

  it('keeps step 1 on the server: a new session (another device, days later) reads it back', async () => {
    const { user, cookie } = await owner();
    expect((await get(cookie)).json()).toEqual({ draft: null });
    expect((await put(cookie, stepOne)).statusCode).toBe(204);
    // Changed later: the draft is replaced, not added to.
    expect((await put(cookie, { ...stepOne, address: 'Carrer de Sueca 23', hadPhoto: false })).statusCode).toBe(204);

    const { cookie: later } = await signIn(t, { email: user.email, password: user.password });
    const res = await get(later);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { hadPhoto, ...values } = stepOne;
    expect(res.json().draft).toMatchObject({ values: { ...values, address: 'Carrer de Sueca 23' }, hadPhoto: false });
    expect(hadPhoto).toBe(true);
    expect(await t.database.db.select().from(businessSignupDrafts)).toHaveLength(1);
  });

  it('is only ever the caller\'s own: another account sees none, anonymous callers are refused', async () => {
    const { cookie } = await owner();
    await put(cookie, stepOne);
    const other = await owner();
    expect((await get(other.cookie)).json()).toEqual({ draft: null });
    // Another account's save writes its own row, never the first one's.
    await put(other.cookie, { businessName: 'Otro' });
    expect((await get(cookie)).json().draft.values.businessName).toBe('Cerámica Russafa');
    expect((await get(null)).statusCode).toBe(401);
    expect((await put(null, stepOne)).statusCode).toBe(401);
  });

  it('refuses too long or unknown values with the field codes and keeps the previous draft', async () => {
    const { cookie } = await owner();
    await put(cookie, stepOne);
    const res = await put(cookie, { ...stepOne, businessName: 'x'.repeat(201), category: 'casino', businessType: 'cooperative', district: 'atlantis', legalName: 'x'.repeat(201), openingHours: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      fields: { businessName: 'tooLong', category: 'invalidCategory', businessType: 'invalidBusinessType', district: 'invalidDistrict', legalName: 'tooLong', openingHours: 'tooLong' },
    });
    expect((await get(cookie)).json().draft.values.businessName).toBe('Cerámica Russafa');
  });

  it('is refused once the account has a business, and the registration deletes it', async () => {
    const existing = await owner();
    await createBusiness(t.database.db, { ownerId: existing.user.id });
    expect((await put(existing.cookie, stepOne)).statusCode).toBe(409);

    const { user, cookie } = await owner();
    await put(cookie, stepOne);
    for (const type of ['business_license', 'tax_registration', 'articles_incorporation']) {
      const body = multipart([
        { name: 'type', value: type },
        { name: 'file', fileName: `${type}.pdf`, contentType: 'application/pdf', data: samplePdf() },
      ]);
      const upload = await authedInject(t, cookie, { method: 'POST', url: '/api/business/documents', payload: body.payload, headers: body.headers });
      expect(upload.statusCode).toBe(201);
    }
    const { hadPhoto: _photo, ...fields } = stepOne;
    const registered = await authedInject(t, cookie, { method: 'POST', url: '/api/business/registration', payload: { ...fields, commissionAccepted: true } });
    expect(registered.statusCode).toBe(201);
    expect(await t.database.db.select().from(businessSignupDrafts).where(eq(businessSignupDrafts.userId, user.id))).toHaveLength(0);
  });
});
