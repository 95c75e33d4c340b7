import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_TERMS_VERSION } from '@shared/domain/legal-versions';
import type { LaunchChecklist } from '@shared/contracts/launch-checklist';
import { businesses } from '../../../db/schema/businesses';
import { gifts } from '../../../db/schema/gifts';
import { mailOutbox } from '../../../db/schema/mail-outbox';
import { as, signedIn } from '../../../testing/checkout-test-world';
import { createBusiness, createBusinessApplication, createGift } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';

/**
 * After approval the dashboard and the approval email give one ordered list — accept the
 * commission, connect payouts, complete the invoicing details, create the first gift — each
 * step read from the data, and "live" only when a gift of the business is on sale by the
 * shop window's own rule. Walked here through the real endpoints, one step at a time.
 */
describe('the launch checklist (GET /api/business/launch-checklist)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const steps = (checklist: LaunchChecklist) => Object.fromEntries(checklist.steps.map((s) => [s.key, s.done]));
  const inCatalogue = async (name: string) => {
    const giver = await signedIn(t);
    const res = await as(t, giver.cookie)({ method: 'GET', url: '/api/catalog/gifts?lang=va' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: { name: string }[] }).items.some((item) => item.name === name);
  };

  it('follows a new business from approval to its first gift on sale, step by step', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const owner = await signedIn(t, { userType: 'business', locale: 'va' });
    const business = await createBusiness(t.database.db, {
      ownerId: owner.user.id,
      name: 'Orxateria Llum',
      verificationStatus: 'pending',
      isActive: false,
      commissionRate: 10,
    });
    await createBusinessApplication(t.database.db, { businessId: business.id });
    const read = async () => {
      const res = await as(t, owner.cookie)({ method: 'GET', url: '/api/business/launch-checklist' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.json() as LaunchChecklist;
    };

    // The team approves at 12,5 %: a proposal the owner has still to accept.
    const approved = await as(t, admin.cookie)({ method: 'POST', url: `/api/admin/businesses/${business.id}/approve`, payload: { commissionRate: 12.5 } });
    expect(approved.statusCode, approved.body).toBe(200);
    let checklist = await read();
    expect(checklist.steps.map((s) => s.key)).toEqual(['commission', 'payouts', 'invoicing', 'firstGift']);
    expect(steps(checklist)).toEqual({ commission: false, payouts: false, invoicing: false, firstGift: false });
    expect(checklist.missingDetails).toEqual(['legalName', 'fiscalAddress', 'district']);
    expect(checklist.isLive).toBe(false);

    // The approval email, in the owner's Valencian, lists the same steps with where each is done, and says nothing is on sale yet.
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.user.email));
    const text = mail!.text;
    const origin = t.app.ctx.config.publicUrl;
    expect(text).toContain('Els teus regals es posen a la venda quan completes estos passos:');
    expect(text).toContain(`1. Accepta la comissió: ${origin}/business/dashboard?tab=verification`);
    expect(text).toContain(`2. Connecta el teu compte de cobraments: ${origin}/business/dashboard?tab=payouts`);
    expect(text).toContain(`3. Completa les teues dades de facturació: ${origin}/business/dashboard?tab=profile`);
    expect(text).toContain(`4. Crea el teu primer regal: ${origin}/business/dashboard?tab=gifts`);
    expect(text).toContain('Fins llavors el teu negoci no apareix a Regalo.');
    expect(text).not.toMatch(/ja apareix|estan a la venda a Regalo/);
    expect(mail!.html).toContain(`2. Connecta el teu compte de cobraments: <a href="${origin}/business/dashboard?tab=payouts" style="color:#b4235a;">fes-ho des del teu tauler</a>`);

    // 1. The commission.
    const accepted = await as(t, owner.cookie)({
      method: 'POST',
      url: '/api/business/commission/accept',
      payload: { commissionRate: 12.5, partnerTermsVersion: PARTNER_TERMS_VERSION },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(steps(await read())).toEqual({ commission: true, payouts: false, invoicing: false, firstGift: false });

    // 2. Payouts, through the test provider's onboarding.
    expect((await as(t, owner.cookie)({ method: 'POST', url: '/api/business/payout-account/onboarding' })).statusCode).toBe(200);
    expect(steps(await read()).payouts).toBe(false);
    expect((await as(t, owner.cookie)({ method: 'POST', url: '/api/payouts/test/onboarding/complete' })).statusCode).toBe(200);
    checklist = await read();
    expect(steps(checklist)).toEqual({ commission: true, payouts: true, invoicing: false, firstGift: false });
    // Payable, yet nothing to buy: not live.
    expect(checklist.isLive).toBe(false);

    // 3. The invoicing details: half of them is not enough.
    const patch = (payload: object) => as(t, owner.cookie)({ method: 'PATCH', url: '/api/business/me', payload });
    expect((await patch({ legalName: 'Orxateria Llum SL' })).statusCode).toBe(200);
    checklist = await read();
    expect(checklist.missingDetails).toEqual(['fiscalAddress', 'district']);
    expect(steps(checklist).invoicing).toBe(false);
    expect((await patch({ fiscalAddress: 'Carrer de la Llum, 3, 46001 València', district: 'ciutat_vella' })).statusCode).toBe(200);
    checklist = await read();
    expect(checklist.missingDetails).toEqual([]);
    expect(steps(checklist)).toEqual({ commission: true, payouts: true, invoicing: true, firstGift: false });
    expect(checklist.isLive).toBe(false);

    // 4. A gift put away is not a first gift; one on sale is, and only then is the business live.
    const created = await as(t, owner.cookie)({ method: 'POST', url: '/api/business/gifts', payload: { name: 'Orxata per a dos', price: '9,00' } });
    expect(created.statusCode, created.body).toBe(201);
    const giftId = (created.json() as { id: string }).id;
    expect((await as(t, owner.cookie)({ method: 'PATCH', url: `/api/business/gifts/${giftId}`, payload: { isAvailable: false } })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ isLive: false, steps: [{ done: true }, { done: true }, { done: true }, { key: 'firstGift', done: false }] });
    expect(await inCatalogue('Orxata per a dos')).toBe(false);
    expect((await as(t, owner.cookie)({ method: 'PATCH', url: `/api/business/gifts/${giftId}`, payload: { isAvailable: true } })).statusCode).toBe(200);
    checklist = await read();
    expect(steps(checklist)).toEqual({ commission: true, payouts: true, invoicing: true, firstGift: true });
    expect(checklist.isLive).toBe(true);
    // "Live" is what the shop window says.
    expect(await inCatalogue('Orxata per a dos')).toBe(true);

    // Hidden by the team after a report: every step done, and still not live, as in the shop window.
    await t.database.db.update(businesses).set({ hiddenAt: new Date() }).where(eq(businesses.id, business.id));
    expect(await read()).toMatchObject({ isLive: false });
    expect(await inCatalogue('Orxata per a dos')).toBe(false);
    await t.database.db.update(businesses).set({ hiddenAt: null }).where(eq(businesses.id, business.id));
    await t.database.db.update(gifts).set({ archivedAt: new Date() }).where(eq(gifts.id, giftId));
    expect(await read()).toMatchObject({ isLive: false, steps: [{ done: true }, { done: true }, { done: true }, { done: false }] });
  });

  it('answers only an owner, about their own business', async () => {
    const ownerX = await signedIn(t, { userType: 'business' });
    await createBusiness(t.database.db, { ownerId: ownerX.user.id, legalName: 'X SL', fiscalAddress: 'Carrer X, 1', district: 'eixample' });
    const ownerY = await signedIn(t, { userType: 'business' });
    const businessY = await createBusiness(t.database.db, { ownerId: ownerY.user.id, payoutAccount: null });
    await createGift(t.database.db, { businessId: businessY.id });
    const consumer = await signedIn(t);
    const get = (cookie: string | null) => as(t, cookie)({ method: 'GET', url: '/api/business/launch-checklist' });

    expect((await get(null)).statusCode).toBe(401);
    expect((await get(consumer.cookie)).json()).toMatchObject({ code: 'no_business' });
    // Y reads Y's business (not payable, so not live), never X's.
    expect(await (await get(ownerY.cookie)).json()).toMatchObject({
      isLive: false,
      missingDetails: ['legalName', 'fiscalAddress', 'district'],
      steps: [{ key: 'commission', done: true }, { key: 'payouts', done: false }, { key: 'invoicing', done: false }, { key: 'firstGift', done: true }],
    });
  });
});
