import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../../db/schema/businesses';
import { as, signedInOwner, signedInUser } from '../../../testing/dashboard-test-world';
import { createTestApp, type TestApp } from '../../../testing/test-app';

const details = { legalName: 'Forn Russafa S.L.', fiscalAddress: 'Carrer de Sueca 21, 46006 València', district: 'eixample' };

/**
 * A business registered before the wizard asked for its legal name, fiscal address and
 * district is on the admin's "cannot invoice" list and missing from the district filter; the
 * dashboard's task completes them through PUT /api/business/invoicing-details.
 */
describe('PUT /api/business/invoicing-details', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const put = (cookie: string | null, payload: Record<string, unknown>) =>
    as(t, cookie)({ method: 'PUT', url: '/api/business/invoicing-details', payload });

  it('completes the owner\'s own business, which then leaves the admin\'s "cannot invoice" list without a new review', async () => {
    const owner = await signedInOwner(t, { name: 'Forn Russafa', verificationStatus: 'approved', isActive: true });
    const admin = await signedInUser(t, 'admin');
    const missingList = async () => (await as(t, admin.cookie)({ method: 'GET', url: '/api/admin/invoices/missing-data' })).json().businesses as { id: string; missing: string[] }[];
    expect((await missingList()).find((b) => b.id === owner.business.id)?.missing).toEqual(['legalName', 'fiscalAddress']);
    const before = (await as(t, owner.cookie)({ method: 'GET', url: '/api/business/me' })).json();
    expect(before).toMatchObject({ legalName: null, fiscalAddress: null, district: null, invoicingDataMissing: ['legalName', 'fiscalAddress'] });

    const res = await put(owner.cookie, { legalName: '  Forn Russafa S.L. ', fiscalAddress: details.fiscalAddress, district: 'eixample' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...details, invoicingDataMissing: [], verificationStatus: 'approved' });
    const [row] = await t.database.db.select().from(businesses).where(eq(businesses.id, owner.business.id));
    expect(row).toMatchObject({ ...details, verificationStatus: 'approved', isActive: true });
    expect((await missingList()).find((b) => b.id === owner.business.id)).toBeUndefined();
  });

  it('refuses blanks and unknown districts with field codes and changes nothing', async () => {
    const owner = await signedInOwner(t);
    const res = await put(owner.cookie, { legalName: ' ', fiscalAddress: 'x'.repeat(301), district: 'atlantis' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { legalName: 'fieldRequired', fiscalAddress: 'tooLong', district: 'invalidDistrict' } });
    const missing = await put(owner.cookie, {});
    expect(missing.json().fields).toEqual({ legalName: 'fieldRequired', fiscalAddress: 'fieldRequired', district: 'fieldRequired' });
    const [row] = await t.database.db.select().from(businesses).where(eq(businesses.id, owner.business.id));
    expect(row).toMatchObject({ legalName: null, fiscalAddress: null, district: null });
  });

  it('is the owner\'s own only: anonymous 401, a user without a business 403, another owner changes only theirs', async () => {
    const owner = await signedInOwner(t);
    const other = await signedInOwner(t);
    const consumer = await signedInUser(t);
    expect((await put(null, details)).statusCode).toBe(401);
    expect((await put(consumer.cookie, details)).statusCode).toBe(403);
    expect((await put(consumer.cookie, details)).json()).toMatchObject({ code: 'no_business' });
    const res = await put(other.cookie, details);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(other.business.id);
    const [mine] = await t.database.db.select().from(businesses).where(eq(businesses.id, owner.business.id));
    expect(mine).toMatchObject({ legalName: null, fiscalAddress: null, district: null });
  });
});
