import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifts } from '../../../db/schema/gifts';
import { createGift } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { as, signedInOwner, signedInUser } from '../../../testing/dashboard-test-world';

/** The owner offers a gift card (ADR 108): bounds, suggestions, validity, kind kept. */
describe('a gift card offered in the gifts tab', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const giftRow = async (id: string) => (await t.database.db.select().from(gifts).where(eq(gifts.id, id)))[0]!;
  const create = (cookie: string | null, payload: Record<string, unknown>) => as(t, cookie)({ method: 'POST', url: '/api/business/gifts', payload });
  const card = { kind: 'card', name: 'Tarjeta regalo', minAmount: '5', maxAmount: '500', validityDays: 365 };

  it('creates a card with its bounds and suggestions in cents, its price its minimum', async () => {
    const { business, cookie } = await signedInOwner(t);
    const res = await create(cookie, {
      ...card,
      minAmount: '10',
      maxAmount: '200,00',
      suggestedAmounts: ['50', '', '20', '20', '100,50'],
      price: '1',
      nameTranslations: { va: 'Targeta regal' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'card', price: 1000, minAmount: 1000, maxAmount: 20000, suggestedAmounts: [2000, 5000, 10050], validityDays: 365 });
    expect(await giftRow(res.json().id)).toMatchObject({ businessId: business.id, kind: 'card', price: 1000, minAmount: 1000, maxAmount: 20000, nameTranslations: { va: 'Targeta regal' } });
  });

  it.each([
    [{ minAmount: '' }, { minAmount: 'cardAmountRequired' }],
    [{ maxAmount: null }, { maxAmount: 'cardAmountRequired' }],
    [{ minAmount: '4,99' }, { minAmount: 'cardAmountOutOfBounds' }],
    [{ maxAmount: '500,01' }, { maxAmount: 'cardAmountOutOfBounds' }],
    [{ minAmount: '60', maxAmount: '50' }, { maxAmount: 'cardMinAboveMax' }],
    [{ minAmount: '20', maxAmount: '100', suggestedAmounts: ['10'] }, { suggestedAmounts: 'cardSuggestedOutOfBounds' }],
    [{ suggestedAmounts: ['10', '20', '30', '40', '50'] }, { suggestedAmounts: 'cardSuggestedOutOfBounds' }],
    [{ validityDays: 364 }, { validityDays: 'cardValidityDays' }],
    [{ validityDays: 731 }, { validityDays: 'invalidValidityDays' }],
    [{ minAmount: '12,555' }, { minAmount: 'priceDecimals' }],
  ])('refuses %j with the field’s code and creates nothing', async (change, fields) => {
    const { business, cookie } = await signedInOwner(t);
    const res = await create(cookie, { ...card, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields });
    expect(await t.database.db.select().from(gifts).where(eq(gifts.businessId, business.id))).toHaveLength(0);
  });

  it('lets a card last up to 24 months, a fixed gift still 365 days at most', async () => {
    const { cookie } = await signedInOwner(t);
    expect((await create(cookie, { ...card, validityDays: 730 })).json()).toMatchObject({ validityDays: 730 });
    const fixed = await create(cookie, { name: 'Cena', price: '30', validityDays: 400 });
    expect(fixed.json()).toMatchObject({ fields: { validityDays: 'invalidValidityDays' } });
  });

  it('edits a card against its saved bounds, keeps its kind and its price at its minimum', async () => {
    const { business, cookie } = await signedInOwner(t);
    const gift = await createGift(t.database.db, { businessId: business.id, card: { minAmount: 1000, maxAmount: 10000 } });
    const patch = (payload: Record<string, unknown>) => as(t, cookie)({ method: 'PATCH', url: `/api/business/gifts/${gift.id}`, payload });

    const below = await patch({ maxAmount: '9' });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ fields: { maxAmount: 'cardMinAboveMax' } });
    const shorter = await patch({ validityDays: 200 });
    expect(shorter.json()).toMatchObject({ fields: { validityDays: 'cardValidityDays' } });

    const edit = await patch({ minAmount: '15', suggestedAmounts: ['25', '50'], price: '3', kind: 'fixed' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ kind: 'card', price: 1500, minAmount: 1500, maxAmount: 10000, suggestedAmounts: [2500, 5000] });
    expect(await giftRow(gift.id)).toMatchObject({ kind: 'card', price: 1500, minAmount: 1500 });

    const cleared = await patch({ suggestedAmounts: [] });
    expect(cleared.json()).toMatchObject({ suggestedAmounts: null });
  });

  it('gives a fixed gift no bounds, whatever is sent', async () => {
    const { business, cookie } = await signedInOwner(t);
    const made = await create(cookie, { name: 'Cena', price: '30', minAmount: '5', maxAmount: '50' });
    expect(made.json()).toMatchObject({ kind: 'fixed', price: 3000, minAmount: null, maxAmount: null, suggestedAmounts: null });
    const gift = await createGift(t.database.db, { businessId: business.id, price: 2000 });
    const edit = await as(t, cookie)({ method: 'PATCH', url: `/api/business/gifts/${gift.id}`, payload: { maxAmount: '50' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await giftRow(gift.id)).toMatchObject({ kind: 'fixed', maxAmount: null, price: 2000 });
  });

  it('refuses another owner and nobody signed in', async () => {
    const mine = await signedInOwner(t);
    const other = await signedInOwner(t);
    const gift = await createGift(t.database.db, { businessId: mine.business.id, card: { minAmount: 1000, maxAmount: 10000 } });
    const theirs = await as(t, other.cookie)({ method: 'PATCH', url: `/api/business/gifts/${gift.id}`, payload: { maxAmount: '400' } });
    expect(theirs.statusCode).toBe(404);
    const consumer = await signedInUser(t);
    expect((await create(consumer.cookie, card)).statusCode).toBe(403);
    expect((await create(null, card)).statusCode).toBe(401);
    expect(await giftRow(gift.id)).toMatchObject({ maxAmount: 10000 });
  });

  it('is the database’s rule too: no card outside the bounds, no fixed gift with bounds', async () => {
    const { business } = await signedInOwner(t);
    const gift = await createGift(t.database.db, { businessId: business.id, card: { minAmount: 1000, maxAmount: 10000 } });
    const fixed = await createGift(t.database.db, { businessId: business.id });
    for (const change of [
      sql`max_amount = 50001`,
      sql`min_amount = 499, price = 499`,
      sql`price = 2000`,
      sql`min_amount = null`,
      sql`validity_days = 300`,
      sql`suggested_amounts = array[20000]`,
      sql`suggested_amounts = array[2000, null]`,
      sql`kind = 'voucher'`,
    ]) {
      await expect(t.database.db.execute(sql`update gifts set ${change} where id = ${gift.id}`)).rejects.toThrow();
    }
    await expect(t.database.db.execute(sql`update gifts set max_amount = 5000 where id = ${fixed.id}`)).rejects.toThrow();
  });
});
