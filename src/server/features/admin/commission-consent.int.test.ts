import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_TERMS_VERSION } from '@shared/domain/legal-versions';
import { businesses, commissionAcceptances } from '../../db/schema/businesses';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { orders } from '../../db/schema/orders';
import { applicant } from './admin-test-world';
import { as, line, postCheckout, signedIn } from '../../testing/checkout-test-world';
import { createBusiness, createGift, createPayoutAccount } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * ADR 065: the owner accepted 10 % on the wizard; the team approves at 12,5 %. That rate
 * is a proposal until the owner accepts it on the dashboard (with the agreement's version);
 * until then their orders are priced at 10 %, and nobody else can accept it for them.
 */
describe('commission consent (ADR 065)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps the accepted rate until the owner accepts the proposed one, as shown', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const { owner, business } = await applicant(t, { name: 'Cerámica Russafa', commissionRate: 10 }, 'es');
    await createPayoutAccount(t.database.db, { businessId: business.id });
    const gift = await createGift(t.database.db, { businessId: business.id, name: 'Taller de torno', price: 4000 });
    const buyer = await signedIn(t);
    const accept = (cookie: string | null, payload: object) => as(t, cookie)({ method: 'POST', url: '/api/business/commission/accept', payload });
    const stored = async () => (await t.database.db.select().from(businesses).where(eq(businesses.id, business.id)))[0]!;
    const orderRate = async () => {
      const res = await postCheckout(t, buyer.cookie, [line(gift.id)]);
      expect(res.statusCode, res.body).toBe(201);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.checkoutId, res.json().id));
      return Number(order!.commissionRate);
    };

    // The team approves at 12,5 %: approved and listed, still at 10 %, 12,5 % pending.
    const approved = await as(t, admin.cookie)({ method: 'POST', url: `/api/admin/businesses/${business.id}/approve`, payload: { commissionRate: 12.5 } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().business).toMatchObject({ verificationStatus: 'approved', commissionRate: 10, proposedCommissionRate: 12.5 });
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.user.email));
    expect(mail!.text.replace(/\u00a0/g, ' ')).toContain('Comisión acordada: 10 % de cada venta.');
    expect(mail!.text.replace(/\u00a0/g, ' ')).toContain('El equipo propone una comisión del 12,5 %.');
    expect(await orderRate()).toBe(10);

    // The owner's dashboard shows the proposal.
    const dashboard = await as(t, owner.cookie)({ method: 'GET', url: '/api/business/me' });
    expect(dashboard.json()).toMatchObject({ commissionRate: 10, proposedCommissionRate: 12.5 });

    // Refused, changing nothing: another rate than proposed, an old agreement, anonymous, a
    // consumer, another owner (who can only ever act on their own business).
    const before = await stored();
    expect((await accept(owner.cookie, { commissionRate: 12, partnerTermsVersion: PARTNER_TERMS_VERSION })).json()).toMatchObject({ code: 'commission_proposal_changed' });
    expect((await accept(owner.cookie, { commissionRate: 12.5, partnerTermsVersion: '2020-01-01' })).json()).toMatchObject({ code: 'partner_terms_outdated' });
    expect((await accept(owner.cookie, { commissionRate: 'doce', partnerTermsVersion: PARTNER_TERMS_VERSION })).statusCode).toBe(400);
    expect((await accept(null, { commissionRate: 12.5, partnerTermsVersion: PARTNER_TERMS_VERSION })).statusCode).toBe(401);
    expect((await accept(buyer.cookie, { commissionRate: 12.5, partnerTermsVersion: PARTNER_TERMS_VERSION })).statusCode).toBe(403);
    const other = await signedIn(t, { userType: 'business' });
    await createBusiness(t.database.db, { ownerId: other.user.id });
    expect((await accept(other.cookie, { commissionRate: 12.5, partnerTermsVersion: PARTNER_TERMS_VERSION })).statusCode).toBe(409);
    expect(await stored()).toEqual(before);
    expect(await t.database.db.select().from(commissionAcceptances).where(eq(commissionAcceptances.businessId, business.id))).toEqual([]);

    // Accepted: it applies to the orders placed from now on, and the acceptance is recorded.
    const accepted = await accept(owner.cookie, { commissionRate: 12.5, partnerTermsVersion: PARTNER_TERMS_VERSION });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ commissionRate: 12.5, proposedCommissionRate: null, commissionProposedAt: null });
    expect(await t.database.db.select().from(commissionAcceptances).where(eq(commissionAcceptances.businessId, business.id))).toMatchObject([
      { commissionRate: 12.5, partnerTermsVersion: PARTNER_TERMS_VERSION, acceptedBy: owner.user.id, source: 'proposal' },
    ]);
    expect(await orderRate()).toBe(12.5);
    // Accepting twice finds no proposal.
    expect((await accept(owner.cookie, { commissionRate: 12.5, partnerTermsVersion: PARTNER_TERMS_VERSION })).statusCode).toBe(409);
  });

  it('tells the owner of a later proposal, and asking for the accepted rate withdraws it', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const { owner, business } = await applicant(t, { verificationStatus: 'approved', isActive: true, commissionRate: 10 }, 'en');
    const change = (commissionRate: number) =>
      as(t, admin.cookie)({ method: 'PATCH', url: `/api/admin/businesses/${business.id}/commission`, payload: { commissionRate, reason: 'Premium placement' } });

    expect((await change(15)).json().business).toMatchObject({ commissionRate: 10, proposedCommissionRate: 15 });
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.user.email));
    expect(mail).toMatchObject({ template: 'commission-proposed', locale: 'en' });
    // Spanish conventions in every language (ADR 058): "15 %", "10 %".
    expect(mail!.text.replace(/\u00a0/g, ' ')).toContain('from the 10 % you accepted to 15 % of each sale');

    expect((await change(10)).json().business).toMatchObject({ commissionRate: 10, proposedCommissionRate: null });
    expect((await as(t, owner.cookie)({ method: 'POST', url: '/api/business/commission/accept', payload: { commissionRate: 15, partnerTermsVersion: PARTNER_TERMS_VERSION } })).statusCode).toBe(409);
    // The same rate again: nothing to record, no second mail.
    expect((await change(10)).statusCode).toBe(200);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.user.email))).toHaveLength(1);
  });
});
