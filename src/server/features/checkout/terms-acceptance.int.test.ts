import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { checkouts } from '../../db/schema/orders';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, line, newKey, paymentState, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';

/*
 * ADR 059: paying means accepting the terms of sale. The checkout request names the version
 * the page showed; the server stores it with the checkout and refuses any other, creating nothing.
 */
describe('accepting the terms of sale at checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores the accepted version with the checkout', async () => {
    const { tea } = await shop(t);
    const buyer = await signedIn(t);
    const res = await postCheckout(t, buyer.cookie, [line(tea.id)]);
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, res.json().id));
    expect(row!.termsVersion).toBe(TERMS_VERSION);
  });

  it.each([
    ['without an acceptance', {}],
    ['with an older version', { acceptedTermsVersion: '2020-01-01' }],
  ])('refuses a checkout %s: 409 terms_not_accepted, nothing created', async (_label, acceptance) => {
    const { tea } = await shop(t);
    const buyer = await signedIn(t);
    const before = await paymentState(t);
    const res = await as(t, buyer.cookie)({
      method: 'POST',
      url: '/api/checkouts',
      payload: { idempotencyKey: newKey(), lines: [line(tea.id)], ...acceptance },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'terms_not_accepted' });
    expect(await paymentState(t)).toEqual(before);
  });
});
