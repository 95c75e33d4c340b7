import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Dac7MissingSellerData } from '@shared/contracts/seller-details';
import { businesses } from '../../db/schema/businesses';
import { authedInject } from '../../testing/auth-helpers';
import { signedInOwner, signedInUser } from '../../testing/dashboard-test-world';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClock, invoicedShop } from '../../money/invoices/invoice-test-world';

/**
 * What DAC7 asks a platform to report of each seller, item by item, from Directive 2021/514,
 * Annex V: section II A (due diligence: what is collected, 1 for an individual, 2 for an
 * entity) and section III B(2) (what is reported of each reportable seller). Each item names
 * the CSV column (its English header) that carries it and the value expected for the two
 * sellers below; `—` marks an item that does not apply to that kind of seller (empty cell).
 */
const ANNEX_V: { item: string; requirement: string; header: string; individual: string; entity: string }[] = [
  { item: 'II A 1 / II A 2', requirement: 'an individual or an entity', header: 'Seller type', individual: 'Individual', entity: 'Entity' },
  { item: 'II A 1(a)', requirement: 'first and last name', header: 'First name', individual: 'Amparo', entity: '—' },
  { item: 'II A 1(a)', requirement: 'first and last name', header: 'Last name', individual: 'Ferrer Llopis', entity: '—' },
  { item: 'II A 1(e)', requirement: 'date of birth', header: 'Date of birth', individual: '19/03/1979', entity: '—' },
  { item: 'II A 2(a)', requirement: 'legal name', header: 'Legal name', individual: 'Amparo Ferrer Llopis', entity: 'Horchatería Santa Catalina S.L.' },
  { item: 'II A 1(b) / II A 2(b)', requirement: 'primary address', header: 'Fiscal address', individual: 'Carrer de Sueca 21, 46006 València', entity: 'Plaça de Santa Caterina 6, 46001 València' },
  { item: 'II A 1(c) / II A 2(c)', requirement: 'TIN issued to the seller', header: 'Tax ID', individual: '12345678Z', entity: '(the business’s CIF)' },
  { item: 'II A 1(c) / II A 2(c)', requirement: 'each Member State of issuance of the TIN', header: 'Tax ID issued by', individual: 'ES', entity: 'ES' },
  { item: 'II A 1(d) / II A 2(e)', requirement: 'VAT identification number, where available', header: 'VAT number', individual: 'ES12345678Z', entity: '—' },
  { item: 'II A 2(d)', requirement: 'business registration number', header: 'Business registration number', individual: '—', entity: 'Registro Mercantil de Valencia, tomo 1234, folio 56, hoja V-7890' },
  { item: 'II A 2(f)', requirement: 'Member State of each permanent establishment, where available', header: 'Permanent establishments', individual: '—', entity: 'ES PT' },
  { item: 'III B(2)(b)', requirement: 'Financial Account Identifier', header: 'Account (IBAN)', individual: 'ES9121000418450200051332', entity: 'ES7921000813610123456789' },
  { item: 'III B(2)(c)', requirement: 'name of the holder of the financial account', header: 'Account holder', individual: 'Amparo Ferrer Llopis', entity: 'Horchatería Santa Catalina S.L.' },
  { item: 'III B(2)(d)', requirement: 'Member State of residence', header: 'Country of residence', individual: 'ES', entity: 'ES' },
  { item: 'III B(2)(e)', requirement: 'consideration in the fourth quarter', header: 'Consideration Q4', individual: '21,97', entity: '21,97' },
  { item: 'III B(2)(e)', requirement: 'number of relevant activities in the fourth quarter', header: 'Sales Q4', individual: '1', entity: '1' },
  { item: 'III B(2)(f)', requirement: 'fees, commissions or taxes withheld or charged in the fourth quarter', header: 'Fees Q4', individual: '3,03', entity: '3,03' },
];

/** The CSV as header → cell, per seller, found by its tax id. */
function csvBySeller(body: string, taxId: string): Record<string, string> {
  const lines = body.replace(/^\uFEFF/, '').split('\r\n');
  const header = lines[0]!.split(';');
  const row = lines.find((l) => l.split(';').includes(taxId));
  if (!row) throw new Error(`no row for ${taxId}`);
  const cells = row.split(';');
  expect(cells).toHaveLength(header.length);
  return Object.fromEntries(header.map((h, i) => [h, cells[i]!]));
}

describe('DAC7: the sellers the report names, and those it cannot yet', () => {
  const clock = createClock(new Date('2026-11-01T10:00:00Z'));
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    admin = await signedInUser(t, 'admin');
  });

  const putDetails = (cookie: string, payload: Record<string, unknown>) => authedInject(t, cookie, { method: 'PUT', url: '/api/business/seller-details', payload });
  const missing = async (cookie: string | null = admin.cookie, year = 2026) => authedInject(t, cookie, { method: 'GET', url: `/api/admin/dac7/${year}/missing` });

  async function soleTrader() {
    const shop = await invoicedShop(t, { legalName: 'Amparo Ferrer Llopis', fiscalAddress: 'Carrer de Sueca 21, 46006 València' });
    await t.database.db.update(businesses).set({ businessType: 'individual', taxId: '12345678Z', businessRegistrationNumber: 'not asked of an individual' }).where(eq(businesses.id, shop.business.id));
    return { ...shop, business: { ...shop.business, taxId: '12345678Z' } };
  }

  it('writes every Annex V item of an individual and of an entity in its column', async () => {
    const individual = await soleTrader();
    await individual.sell(new Date('2026-10-05T10:00:00Z'));
    const saved = await putDetails(individual.cookie, {
      ownerFirstName: 'Amparo',
      ownerLastName: 'Ferrer Llopis',
      ownerBirthDate: '1979-03-19',
      vatNumber: 'ES12345678Z',
      permanentEstablishments: ['PT'], // not asked of an individual: not exported for one
      iban: 'ES91 2100 0418 4502 0005 1332',
      ibanHolder: 'Amparo Ferrer Llopis',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const entity = await invoicedShop(t);
    await entity.sell(new Date('2026-10-06T10:00:00Z'));
    await t.database.db.update(businesses).set({ businessRegistrationNumber: 'Registro Mercantil de Valencia, tomo 1234, folio 56, hoja V-7890' }).where(eq(businesses.id, entity.business.id));
    expect(
      (
        await putDetails(entity.cookie, {
          ownerFirstName: 'Not',
          ownerLastName: 'Exported',
          ownerBirthDate: '1970-01-01',
          permanentEstablishments: ['ES', 'PT'],
          iban: 'ES79 2100 0813 6101 2345 6789',
          ibanHolder: 'Horchatería Santa Catalina S.L.',
        })
      ).statusCode,
    ).toBe(200);

    const res = await authedInject(t, admin.cookie, { method: 'GET', url: '/api/admin/dac7/2026/csv?lang=en' });
    expect(res.statusCode).toBe(200);
    const rows = { individual: csvBySeller(res.body, individual.business.taxId), entity: csvBySeller(res.body, entity.business.taxId) };
    for (const kind of ['individual', 'entity'] as const) {
      for (const line of ANNEX_V) {
        const expected = line[kind] === '—' ? '' : line[kind] === '(the business’s CIF)' ? entity.business.taxId : line[kind];
        expect(rows[kind][line.header], `${kind}: Annex V ${line.item}, ${line.requirement}`).toBe(expected);
      }
    }
    // The Spanish and Valencian headers name the same columns.
    for (const lang of ['es', 'va']) {
      const other = await authedInject(t, admin.cookie, { method: 'GET', url: `/api/admin/dac7/2026/csv?lang=${lang}` });
      expect(other.body.replace(/^\uFEFF/, '').split('\r\n')[0]!.split(';')).toHaveLength(Object.keys(rows.entity).length);
    }
  });

  it("lists the year's sellers the report cannot describe in full, with the day it is due, until they complete it", async () => {
    const lacking = await soleTrader();
    await lacking.sell(new Date('2026-10-07T10:00:00Z'));
    // A seller with no sale in the year, and one whose only sale was refunded in full: no relevant activity.
    const idle = await invoicedShop(t);
    const refunded = await invoicedShop(t);
    const sale = await refunded.sell(new Date('2026-10-08T10:00:00Z'));
    const { recordOrderRefund, paidAmountsOf } = await import('../../money/ledger/record-payment');
    await recordOrderRefund(t.database.db, paidAmountsOf(sale), { refundRef: null, at: new Date('2026-10-09T10:00:00Z') });

    const res = await missing();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as Dac7MissingSellerData;
    expect(body).toMatchObject({ year: 2026, dueDate: '2027-01-31' });
    expect(body.businesses.find((b) => b.id === lacking.business.id)).toEqual({
      id: lacking.business.id,
      name: 'Horchatería Santa Catalina',
      businessType: 'individual',
      missing: ['firstName', 'lastName', 'birthDate', 'iban', 'ibanHolder'],
    });
    const listed = body.businesses.map((b) => b.id);
    expect(listed).not.toContain(idle.business.id);
    expect(listed).not.toContain(refunded.business.id);
    // Another year has nothing of this one's.
    expect((await missing(admin.cookie, 2025)).json()).toEqual({ year: 2025, dueDate: '2026-01-31', businesses: [] });

    // Half done: still listed with what is left; done: gone.
    await putDetails(lacking.cookie, { ownerFirstName: 'Amparo', ownerLastName: 'Ferrer Llopis', ownerBirthDate: '1979-03-19' });
    expect(((await missing()).json() as Dac7MissingSellerData).businesses.find((b) => b.id === lacking.business.id)?.missing).toEqual(['iban', 'ibanHolder']);
    await putDetails(lacking.cookie, { ownerFirstName: 'Amparo', ownerLastName: 'Ferrer Llopis', ownerBirthDate: '1979-03-19', iban: 'ES9121000418450200051332', ibanHolder: 'Amparo Ferrer Llopis' });
    expect(((await missing()).json() as Dac7MissingSellerData).businesses.map((b) => b.id)).not.toContain(lacking.business.id);
  });

  it('is for the platform team only: anonymous 401, a consumer and a business owner 403', async () => {
    const owner = await signedInOwner(t);
    const consumer = await signedInUser(t);
    expect((await missing(null)).statusCode).toBe(401);
    expect((await missing(consumer.cookie)).statusCode).toBe(403);
    expect((await missing(owner.cookie)).statusCode).toBe(403);
    expect((await missing(admin.cookie, 1999)).statusCode).toBe(400);
  });
});
