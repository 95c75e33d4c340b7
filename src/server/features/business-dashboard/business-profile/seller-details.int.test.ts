import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../../db/schema/businesses';
import { as, signedInOwner, signedInUser } from '../../../testing/dashboard-test-world';
import { createTestApp, type TestApp } from '../../../testing/test-app';

const details = {
  ownerFirstName: ' Amparo ',
  ownerLastName: 'Ferrer Llopis',
  ownerBirthDate: '1979-03-19',
  vatNumber: 'es 12345678-z',
  permanentEstablishments: ['ES', 'PT'],
  iban: 'es91 2100 0418 4502 0005 1332',
  ibanHolder: 'Amparo Ferrer Llopis',
};
const stored = {
  ownerFirstName: 'Amparo',
  ownerLastName: 'Ferrer Llopis',
  ownerBirthDate: '1979-03-19',
  vatNumber: 'ES12345678Z',
  permanentEstablishments: ['ES', 'PT'],
  iban: 'ES9121000418450200051332',
  ibanHolder: 'Amparo Ferrer Llopis',
};
const sellerColumns = (row: typeof businesses.$inferSelect) => ({
  ownerFirstName: row.ownerFirstName,
  ownerLastName: row.ownerLastName,
  ownerBirthDate: row.ownerBirthDate,
  vatNumber: row.vatNumber,
  permanentEstablishments: row.permanentEstablishments,
  iban: row.iban,
  ibanHolder: row.ibanHolder,
});

/** The seller details DAC7 reports (ADR 100), kept by the owner beside the invoicing data. */
describe('PUT /api/business/seller-details', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const put = (cookie: string | null, payload: Record<string, unknown>) => as(t, cookie)({ method: 'PUT', url: '/api/business/seller-details', payload });
  const rowOf = async (id: string) => (await t.database.db.select().from(businesses).where(eq(businesses.id, id)))[0]!;

  it('saves a sole trader\'s details normalised, without a new review, and the dashboard no longer lists them as missing', async () => {
    const owner = await signedInOwner(t, { businessType: 'individual', verificationStatus: 'approved', isActive: true, fiscalAddress: 'Carrer de Sueca 21, 46006 València' });
    const before = (await as(t, owner.cookie)({ method: 'GET', url: '/api/business/me' })).json();
    expect(before.dac7Missing).toEqual(['firstName', 'lastName', 'birthDate', 'iban', 'ibanHolder']);
    expect(before.sellerDetails).toEqual({ ownerFirstName: null, ownerLastName: null, ownerBirthDate: null, vatNumber: null, permanentEstablishments: [], iban: null, ibanHolder: null });

    const res = await put(owner.cookie, details);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sellerDetails: stored, dac7Missing: [], verificationStatus: 'approved', isActive: true });
    const row = await rowOf(owner.business.id);
    expect(sellerColumns(row)).toEqual(stored);
    expect(row.verificationStatus).toBe('approved');
  });

  it('lets a business save without any of them (they are not needed to keep working) and clears what is emptied', async () => {
    const owner = await signedInOwner(t, { businessType: 'company' });
    expect((await put(owner.cookie, details)).statusCode).toBe(200);
    const res = await put(owner.cookie, { ownerFirstName: '', iban: '   ', permanentEstablishments: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sellerDetails).toEqual({ ownerFirstName: null, ownerLastName: null, ownerBirthDate: null, vatNumber: null, permanentEstablishments: [], iban: null, ibanHolder: null });
    // A company: its legal name, fiscal address and registration number, and the account.
    expect(res.json().dac7Missing).toEqual(['legalName', 'fiscalAddress', 'businessRegistrationNumber', 'iban', 'ibanHolder']);
  });

  it('refuses a bad IBAN, VAT number, date of birth or Member State with field codes, and changes nothing', async () => {
    const owner = await signedInOwner(t, { businessType: 'individual' });
    expect((await put(owner.cookie, details)).statusCode).toBe(200);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ iban: 'ES91 2100 0418 4502 0005 1333' }, { iban: 'invalidIban' }], // one digit off: mod 97 fails
      [{ iban: 'ES91 2100 0418 4502 0005 133' }, { iban: 'ibanLength' }],
      [{ iban: 'QQ93 1234 5678' }, { iban: 'ibanCountry' }],
      [{ vatNumber: 'ES12345678A' }, { vatNumber: 'invalidVatNumber' }],
      [{ vatNumber: '12345678Z' }, { vatNumber: 'vatNumberCountry' }],
      [{ ownerBirthDate: '1990-02-30' }, { ownerBirthDate: 'invalidDate' }],
      [{ ownerBirthDate: '2099-01-01' }, { ownerBirthDate: 'notAdult' }],
      [{ ownerBirthDate: '1800-01-01' }, { ownerBirthDate: 'tooOld' }],
      [{ permanentEstablishments: ['ES', 'US'] }, { 'permanentEstablishments.1': 'invalidMemberState' }],
      [{ permanentEstablishments: ['ES', 'ES'] }, { permanentEstablishments: 'duplicateMemberState' }],
      [{ ownerFirstName: 'x'.repeat(101) }, { ownerFirstName: 'tooLong' }],
      [{ ibanHolder: 'Amparo\u0007Ferrer' }, { ibanHolder: 'control_character' }],
      [{ ownerLastName: 'Ferrer\nLlopis' }, { ownerLastName: 'control_character' }],
    ];
    for (const [payload, fields] of cases) {
      const res = await put(owner.cookie, { ...details, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ code: 'validation_failed', fields });
    }
    // A minor today: 17 years and a few days ago.
    const today = new Date();
    const minor = `${today.getUTCFullYear() - 17}-01-01`;
    expect((await put(owner.cookie, { ...details, ownerBirthDate: minor })).json().fields).toEqual({ ownerBirthDate: 'notAdult' });
    expect(sellerColumns(await rowOf(owner.business.id))).toEqual(stored);
  });

  it("is the owner's own only: anonymous 401, a user without a business 403, another owner changes only theirs", async () => {
    const owner = await signedInOwner(t);
    const other = await signedInOwner(t);
    const consumer = await signedInUser(t);
    const admin = await signedInUser(t, 'admin');
    expect((await put(null, details)).statusCode).toBe(401);
    expect((await put(consumer.cookie, details)).json()).toMatchObject({ status: 403, code: 'no_business' });
    expect((await put(admin.cookie, details)).statusCode).toBe(403);
    const res = await put(other.cookie, details);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(other.business.id);
    expect((await rowOf(owner.business.id)).iban).toBeNull();
  });
});
