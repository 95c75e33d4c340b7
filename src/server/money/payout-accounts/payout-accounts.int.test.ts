import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, line, postCheckout, signedIn } from '../../testing/checkout-test-world';
import { createBusiness, createGift } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The owner connects a payout account (test provider), and a business is sold only while its
 * account can receive transfers: the catalogue and checkout apply the same rule (ADR 053).
 */
describe('payout accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function unpaidBusiness() {
    const owner = await signedIn(t, { userType: 'business' });
    // Approved and otherwise listed, but no payout account yet.
    const business = await createBusiness(t.database.db, { ownerId: owner.user.id, name: `Forn ${crypto.randomUUID().slice(0, 6)}`, payoutAccount: null });
    const gift = await createGift(t.database.db, { businessId: business.id, name: 'Coca de llanda', price: 1800 });
    return { owner, business, gift };
  }

  async function isSold(consumerCookie: string, businessId: string, giftId: string) {
    const ask = as(t, consumerCookie);
    const businesses = (await ask({ method: 'GET', url: '/api/catalog/businesses?pageSize=100' })).json();
    const gifts = (await ask({ method: 'GET', url: `/api/catalog/gifts?pageSize=100` })).json();
    const page = await ask({ method: 'GET', url: `/api/catalog/businesses/${businessId}` });
    const quote = (await ask({ method: 'POST', url: '/api/checkouts/quote', payload: { giftIds: [giftId] } })).json();
    const checkout = await postCheckout(t, consumerCookie, [line(giftId)]);
    return {
      listed: businesses.items.some((b: { id: string }) => b.id === businessId),
      giftListed: gifts.items.some((g: { id: string }) => g.id === giftId),
      page: page.statusCode,
      quoted: quote.items[0].available,
      checkout: checkout.statusCode === 201 ? 'created' : checkout.json().code,
    };
  }

  it('is not sold without a payout account, nor with an incomplete one, and is once onboarding completes', async () => {
    const consumer = await signedIn(t);
    const { owner, business, gift } = await unpaidBusiness();
    const notSold = { listed: false, giftListed: false, page: 404, quoted: false, checkout: 'gift_unavailable' };
    expect(await isSold(consumer.cookie, business.id, gift.id)).toEqual(notSold);

    const state = await as(t, owner.cookie)({ method: 'GET', url: '/api/business/payout-account' });
    expect(state.json()).toMatchObject({ status: 'not_connected', provider: null, transfersActive: false });

    const link = await as(t, owner.cookie)({ method: 'POST', url: '/api/business/payout-account/onboarding' });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().url).toMatch(new RegExp(`^${t.app.ctx.config.publicUrl}/business/payouts/test-onboarding\\?account=acct_test_`));
    const incomplete = (await as(t, owner.cookie)({ method: 'GET', url: '/api/business/payout-account' })).json();
    expect(incomplete).toMatchObject({ status: 'incomplete', provider: 'test', detailsSubmitted: false, transfersActive: false });
    expect(incomplete.requirementsDue.length).toBeGreaterThan(0);
    expect(await isSold(consumer.cookie, business.id, gift.id)).toEqual(notSold);

    // Asking again reuses the account: one per business.
    const again = await as(t, owner.cookie)({ method: 'POST', url: '/api/business/payout-account/onboarding' });
    expect(again.json().url).toBe(link.json().url);

    const done = await as(t, owner.cookie)({ method: 'POST', url: '/api/payouts/test/onboarding/complete' });
    expect(done.json()).toMatchObject({ status: 'active', detailsSubmitted: true, payoutsEnabled: true, transfersActive: true, requirementsDue: [], disabledReason: null });
    expect(await isSold(consumer.cookie, business.id, gift.id)).toEqual({ listed: true, giftListed: true, page: 200, quoted: true, checkout: 'created' });

    // Restricted again (the provider wants more): off sale at once.
    await as(t, owner.cookie)({ method: 'POST', url: '/api/payouts/test/onboarding/incomplete' });
    expect(await isSold(consumer.cookie, business.id, gift.id)).toEqual(notSold);
  });

  it('shows the owner balances and transfers from the ledger', async () => {
    const { owner } = await unpaidBusiness();
    const payouts = await as(t, owner.cookie)({ method: 'GET', url: '/api/business/payouts' });
    expect(payouts.statusCode).toBe(200);
    expect(payouts.headers['cache-control']).toBe('no-store');
    expect(payouts.json()).toEqual({
      account: expect.objectContaining({ status: 'not_connected' }),
      balances: { owed: 0, inTransit: 0, paidOut: 0, commission: 0, commissionVat: 0 },
      transfers: [],
    });
  });

  it('refuses to connect a business the team has not approved, and changes nothing', async () => {
    const owner = await signedIn(t, { userType: 'business' });
    await createBusiness(t.database.db, { ownerId: owner.user.id, verificationStatus: 'pending' });
    const res = await as(t, owner.cookie)({ method: 'POST', url: '/api/business/payout-account/onboarding' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('business_not_approved');
    expect((await as(t, owner.cookie)({ method: 'GET', url: '/api/business/payout-account' })).json().status).toBe('not_connected');
  });
});
