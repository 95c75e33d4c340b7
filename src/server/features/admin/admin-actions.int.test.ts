import { PARTNER_TERMS_VERSION } from '@shared/domain/legal-versions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_LINE_ACTOR } from '@shared/domain/admin-audit';
import { users } from '../../db/schema/auth';
import { businessApplications, businesses } from '../../db/schema/businesses';
import { checkouts, orders } from '../../db/schema/orders';
import { authedInject, latestMailTo } from '../../testing/auth-helpers';
import { createGift, createOrder, createPayoutAccount, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { multipart, samplePdf } from '../../testing/upload-files';
import { applicant, auditRows, signedIn } from './admin-test-world';
import { approveApplication } from './approve-application';
import { grantAdmin } from './grant-admin';
import { rejectApplication } from './reject-application';
import { revokeAdmin } from './revoke-admin';

describe('admin actions', () => {
  let t: TestApp;
  let clock: Date | null = null;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock ?? new Date(), env: { DEFAULT_COMMISSION_RATE: '11.5' } });
  });
  afterAll(() => t.close());

  const as = (cookie: string | null) => (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    authedInject(t, cookie, { method, url, payload });
  const listedIds = async (cookie: string) =>
    ((await as(cookie)('GET', '/api/catalog/businesses?limit=100')).json().items as { id: string }[]).map((b) => b.id);
  const applicationsOf = (businessId: string) =>
    t.database.db.select().from(businessApplications).where(eq(businessApplications.businessId, businessId)).orderBy(businessApplications.submittedAt);

  it('runs the application state machine: approve, re-review on identity change, reject, resubmit, approve', async () => {
    const admin = await signedIn(t, { role: 'admin', email: `team-${crypto.randomUUID().slice(0, 6)}@regalo.test` });
    const consumer = await signedIn(t);
    const { owner, business } = await applicant(t, { name: 'Horchatería Sol', createdAt: new Date(Date.now() - 3 * 86_400_000) }, 'es');
    const adm = as(admin.cookie);

    // The queue shows it with its tax id check and documents, and proposes the configured rate.
    const queue = (await adm('GET', '/api/admin/applications')).json();
    expect(queue.defaultCommissionRate).toBe(11.5);
    const item = queue.items.find((i: { business: { id: string } }) => i.business.id === business.id);
    expect(item.business).toMatchObject({ taxIdKind: 'cif', owner: { email: owner.user.email } });
    expect(item.business.documents).toHaveLength(3);
    const view = await adm('GET', item.business.documents[0].viewUrl);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['content-disposition']).toBe('inline');
    expect(view.headers['content-security-policy']).toContain('sandbox');

    // Approve at 12 %: approved, active, listed; the owner is told in Spanish. They accepted
    // 10 % on the wizard, so 12 % is a proposal until they accept it (ADR 065).
    const approved = await adm('POST', `/api/admin/businesses/${business.id}/approve`, { commissionRate: 12 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().business).toMatchObject({ verificationStatus: 'approved', isActive: true, commissionRate: 10, proposedCommissionRate: 12 });
    expect((await latestMailTo(t, owner.user.email)).subject).toContain('verificado');
    // Approved but not yet payable (ADR 053): listed only once its payout account can receive transfers.
    expect(await listedIds(consumer.cookie)).not.toContain(business.id);
    await createPayoutAccount(t.database.db, { businessId: business.id });
    expect(await listedIds(consumer.cookie)).toContain(business.id);
    // Deciding twice is refused.
    expect((await adm('POST', `/api/admin/businesses/${business.id}/approve`, { commissionRate: 12 })).json().code).toBe('application_not_pending');

    // Free fields stay free.
    const own = as(owner.cookie);
    expect((await own('PATCH', '/api/business/me', { description: 'Horchata artesanal', phone: '+34 600 000 000' })).json().verificationStatus).toBe('approved');
    // The same tax id typed differently is not a change.
    expect((await own('PATCH', '/api/business/me', { taxId: business.taxId.toLowerCase() })).json().verificationStatus).toBe('approved');
    // A new name goes back to review and out of the catalogue (ADR 034: hidden until reviewed).
    const renamed = await own('PATCH', '/api/business/me', { name: 'Otra Horchatería', confirmReview: true });
    expect(renamed.json()).toMatchObject({ verificationStatus: 'pending', isActive: true });
    expect(await listedIds(consumer.cookie)).not.toContain(business.id);
    // A document replaced while pending joins the same open review.
    const upload = multipart([
      { name: 'type', value: 'business_license' },
      { name: 'file', fileName: 'licencia.pdf', contentType: 'application/pdf', data: samplePdf() },
    ]);
    expect((await authedInject(t, owner.cookie, { method: 'POST', url: '/api/business/documents', payload: upload.payload, headers: upload.headers })).statusCode).toBe(201);
    let apps = await applicationsOf(business.id);
    expect(apps.map((a) => [a.kind, a.applicationStatus])).toEqual([['registration', 'approved'], ['identity_change', 'pending']]);
    expect(apps[1]!.changedFields.sort()).toEqual(['documents', 'name']);

    // Reject with a reason: the owner reads it in the email and on the dashboard.
    expect((await adm('POST', `/api/admin/businesses/${business.id}/reject`, { reason: '' })).statusCode).toBe(400);
    const rejected = await adm('POST', `/api/admin/businesses/${business.id}/reject`, { reason: 'La licencia no es legible' });
    expect(rejected.json().business).toMatchObject({ verificationStatus: 'rejected', rejectionReason: 'La licencia no es legible' });
    expect((await latestMailTo(t, owner.user.email)).text).toContain('La licencia no es legible');
    expect((await own('GET', '/api/business/me')).json()).toMatchObject({ verificationStatus: 'rejected', rejectionReason: 'La licencia no es legible' });
    expect(await listedIds(consumer.cookie)).not.toContain(business.id);

    // The owner corrects a detail and resubmits: a new application, history kept.
    expect((await own('PATCH', '/api/business/me', { name: 'Horchatería Sol', confirmReview: true })).json().verificationStatus).toBe('rejected');
    const resubmitted = await own('POST', '/api/business/application');
    expect(resubmitted.statusCode, resubmitted.body).toBe(201);
    expect((await own('POST', '/api/business/application')).json().code).toBe('application_not_rejected');
    apps = await applicationsOf(business.id);
    expect(apps.map((a) => [a.kind, a.applicationStatus])).toEqual([
      ['registration', 'approved'],
      ['identity_change', 'rejected'],
      ['resubmission', 'pending'],
    ]);
    const detail = (await adm('GET', `/api/admin/businesses/${business.id}`)).json();
    expect(detail.applications).toHaveLength(3);
    expect(detail.applications[1]).toMatchObject({ status: 'rejected', reviewNotes: 'La licencia no es legible', reviewerEmail: admin.user.email });

    expect((await adm('POST', `/api/admin/businesses/${business.id}/approve`, { commissionRate: 12 })).statusCode).toBe(200);
    expect(await listedIds(consumer.cookie)).toContain(business.id);

    // One audit row per decision, by this admin.
    const audit = await auditRows(t, business.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['application_approved', 'application_approved', 'application_rejected']);
    expect(audit.every((a) => a.actorId === admin.user.id && a.actorEmail === admin.user.email)).toBe(true);
    const listed = (await adm('GET', `/api/admin/audit?action=application_rejected&targetId=${business.id}`)).json();
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ reason: 'La licencia no es legible', before: { verificationStatus: 'pending' }, after: { verificationStatus: 'rejected' } });
    // Named, not a bare id.
    expect(listed.items[0].targetLabel).toBe('Horchatería Sol');
  });

  it('a business that is not rejected cannot resubmit, and a rejected one needs its documents', async () => {
    const { owner, business } = await applicant(t, { verificationStatus: 'rejected', rejectionReason: 'x', verificationDocuments: [] });
    const res = await as(owner.cookie)('POST', '/api/business/application');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'documents_missing' });
    expect((await applicationsOf(business.id)).length).toBe(1);
    const pending = await applicant(t);
    expect((await as(pending.owner.cookie)('POST', '/api/business/application')).statusCode).toBe(409);
    const consumer = await signedIn(t);
    expect((await as(consumer.cookie)('POST', '/api/business/application')).json().code).toBe('no_business');
    expect((await as(null)('POST', '/api/business/application')).statusCode).toBe(401);
  });

  it('the audit row and the change commit together or not at all', async () => {
    const { business } = await applicant(t);
    // An actor id that is no user makes the audit insert fail (foreign key) after the updates.
    await expect(approveApplication(t.app.ctx, { id: 'no-such-user', email: 'ghost@regalo.test' }, business.id, { commissionRate: 12, notes: null })).rejects.toThrow();
    const [row] = await t.database.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(row).toMatchObject({ verificationStatus: 'pending', isActive: false });
    expect((await applicationsOf(business.id))[0]!.applicationStatus).toBe('pending');
    expect(await auditRows(t, business.id)).toEqual([]);
  });

  it('two admins deciding the same application at once: exactly one decision lands', async () => {
    const first = await createUser(t.database.db, { role: 'admin' });
    const second = await createUser(t.database.db, { role: 'admin' });
    const { business } = await applicant(t);
    const results = await Promise.allSettled([
      approveApplication(t.app.ctx, { id: first.id, email: first.email }, business.id, { commissionRate: 12, notes: null }),
      rejectApplication(t.app.ctx, { id: second.id, email: second.email }, business.id, { reason: 'Unreadable' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'application_not_pending', status: 409 });
    const [row] = await t.database.db.select().from(businesses).where(eq(businesses.id, business.id));
    const [application] = await applicationsOf(business.id);
    expect(row!.verificationStatus).toBe(application!.applicationStatus);
    expect(await auditRows(t, business.id)).toHaveLength(1);
  });

  it('a commission change is a proposal until the owner accepts it, and then applies to future orders only', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const { owner, business } = await applicant(t, { verificationStatus: 'approved', isActive: true, commissionRate: 10 });
    const gift = await createGift(t.database.db, { businessId: business.id, price: 3000 });
    const buyer = await createUser(t.database.db);
    const past = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id });
    const res = await as(admin.cookie)('PATCH', `/api/admin/businesses/${business.id}/commission`, { commissionRate: 15, reason: 'New agreement' });
    expect(res.json().business).toMatchObject({ commissionRate: 10, proposedCommissionRate: 15 });
    const [pastAfter] = await t.database.db.select().from(orders).where(eq(orders.id, past.id));
    expect(pastAfter).toMatchObject({ commissionRate: 10, commissionAmount: 300, commissionVatAmount: 63, netAmount: 2637 });
    // Not accepted yet: still 10 %.
    expect(await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id })).toMatchObject({ commissionRate: 10, commissionAmount: 300 });
    const accepted = await as(owner.cookie)('POST', '/api/business/commission/accept', { commissionRate: 15, partnerTermsVersion: PARTNER_TERMS_VERSION });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const future = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id });
    expect(future).toMatchObject({ commissionRate: 15, commissionAmount: 450, commissionVatAmount: 95, netAmount: 2455 });
    const [audit] = await auditRows(t, business.id);
    expect(audit).toMatchObject({ action: 'commission_changed', before: { commissionRate: 10, proposedCommissionRate: null }, after: { proposedCommissionRate: 15 }, reason: 'New agreement' });
  });

  it('deactivation hides a business from consumers at once and keeps its paid orders; reactivation lists it again', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const consumer = await signedIn(t);
    const { business } = await applicant(t, { verificationStatus: 'approved', isActive: true });
    const gift = await createGift(t.database.db, { businessId: business.id });
    const order = await createOrder(t.database.db, { buyerId: consumer.user.id, giftId: gift.id });
    expect(await listedIds(consumer.cookie)).toContain(business.id);
    await as(admin.cookie)('POST', `/api/admin/businesses/${business.id}/deactivate`, { reason: 'Closed for works' });
    expect(await listedIds(consumer.cookie)).not.toContain(business.id);
    expect((await as(consumer.cookie)('GET', `/api/catalog/businesses/${business.id}`)).statusCode).toBe(404);
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept!.status).toBe('paid');
    expect((await as(admin.cookie)('GET', '/api/admin/businesses?status=inactive')).json().items.map((b: { id: string }) => b.id)).toContain(business.id);
    await as(admin.cookie)('POST', `/api/admin/businesses/${business.id}/reactivate`, {});
    expect(await listedIds(consumer.cookie)).toContain(business.id);
    expect((await auditRows(t, business.id)).map((a) => a.action).sort()).toEqual(['business_deactivated', 'business_reactivated']);
  });

  it('keeps a business the team deactivated switched off when it approves a later review (rename, then rejection and resubmission)', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const consumer = await signedIn(t);
    const { owner, business } = await applicant(t, { name: 'Forn Vell' });
    const adm = as(admin.cookie);
    const own = as(owner.cookie);
    const state = async () => (await adm('GET', `/api/admin/businesses/${business.id}`)).json().business;
    // Payable from the start, so only the team's switch decides whether it is listed (ADR 053).
    await createPayoutAccount(t.database.db, { businessId: business.id });
    // The first approval switches it on…
    expect((await adm('POST', `/api/admin/businesses/${business.id}/approve`, { commissionRate: 10 })).json().business).toMatchObject({ isActive: true });
    // …the team switches it off, and the owner renames it (back to review).
    await adm('POST', `/api/admin/businesses/${business.id}/deactivate`, { reason: 'Complaints under review' });
    expect((await own('PATCH', '/api/business/me', { name: 'Forn Nou', confirmReview: true })).json()).toMatchObject({ verificationStatus: 'pending', isActive: false });

    // Approving the rename keeps the team's deactivation (ADR 034).
    const approved = await adm('POST', `/api/admin/businesses/${business.id}/approve`, { commissionRate: 10 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().business).toMatchObject({ verificationStatus: 'approved', isActive: false });
    expect(await listedIds(consumer.cookie)).not.toContain(business.id);
    const approvals = (await auditRows(t, business.id)).filter((a) => a.action === 'application_approved');
    expect(approvals.map((a) => (a.after as { isActive: boolean }).isActive).sort()).toEqual([false, true]);

    // Another rename, rejected, corrected and resubmitted: approving it keeps it off too.
    await own('PATCH', '/api/business/me', { name: 'Forn de la Plaça', confirmReview: true });
    await adm('POST', `/api/admin/businesses/${business.id}/reject`, { reason: 'Nombre no coincide' });
    expect((await own('POST', '/api/business/application')).statusCode).toBe(201);
    await adm('POST', `/api/admin/businesses/${business.id}/approve`, { commissionRate: 10 });
    expect(await state()).toMatchObject({ verificationStatus: 'approved', isActive: false });

    // Only the team switches it back on.
    await adm('POST', `/api/admin/businesses/${business.id}/reactivate`, {});
    expect(await state()).toMatchObject({ verificationStatus: 'approved', isActive: true });
    expect(await listedIds(consumer.cookie)).toContain(business.id);
  });

  it('extends an expired gift, mails the recipient in their language, refuses redeemed orders', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const { business } = await applicant(t, { verificationStatus: 'approved', isActive: true, name: 'Bar Pepe' });
    const gift = await createGift(t.database.db, { businessId: business.id, name: 'Paella para dos' });
    const buyer = await createUser(t.database.db);
    const expired = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, status: 'expired', recipientEmail: 'lucia@example.test' });
    await t.database.db.update(orders).set({ recipientLocale: 'es' }).where(eq(orders.id, expired.id));
    const redeemed = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, status: 'redeemed' });
    const adm = as(admin.cookie);

    const found = (await adm('GET', `/api/admin/orders?code=${expired.qrCode.slice(-8)}`)).json();
    expect(found.items.map((o: { id: string }) => o.id)).toEqual([expired.id]);
    expect(found.items[0]).toMatchObject({ status: 'expired', codeSuffix: expired.qrCode.slice(-8), buyerEmail: buyer.email, businessName: 'Bar Pepe', giftName: 'Paella para dos' });
    expect(JSON.stringify(found)).not.toContain(expired.qrCode);

    const res = await adm('POST', `/api/admin/orders/${expired.id}/extend-expiry`, { expiresOn: '2099-06-30', reason: 'Recipient was abroad' });
    expect(res.statusCode, res.body).toBe(200);
    // End of 30 June in Madrid (summer time, UTC+2).
    expect(res.json()).toMatchObject({ status: 'paid', expiresAt: '2099-06-30T21:59:59.999Z' });
    const mail = await latestMailTo(t, 'lucia@example.test', 'gift-expiry-extended');
    expect(mail.text).toContain('30 jun 2099');
    expect(mail.subject).toContain('Bar Pepe');
    expect(mail.locale).toBe('es');

    const refused = await adm('POST', `/api/admin/orders/${redeemed.id}/extend-expiry`, { expiresOn: '2099-06-30', reason: 'x' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('order_not_extendable');
    const [audit] = await auditRows(t, expired.id);
    expect(audit).toMatchObject({ action: 'order_expiry_extended', before: { status: 'expired' }, after: { status: 'paid' }, reason: 'Recipient was abroad' });
    expect(await auditRows(t, redeemed.id)).toEqual([]);
    const listed = (await adm('GET', `/api/admin/audit?targetId=${expired.id}`)).json();
    expect(listed.items[0].targetLabel).toBe(`Paella para dos · ${expired.recipientName} · Bar Pepe`);
  });

  it('searches orders by recipient, buyer, business, status and Madrid dates', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const { business } = await applicant(t, { verificationStatus: 'approved', isActive: true, name: 'Pastelería Única' });
    const gift = await createGift(t.database.db, { businessId: business.id });
    const buyer = await createUser(t.database.db, { email: `giver-${crypto.randomUUID().slice(0, 6)}@example.test` });
    // 23:30 UTC on 31 March is already 1 April in Madrid.
    const order = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, recipientName: 'Marta Ribes', createdAt: new Date('2026-03-31T23:30:00Z') });
    const ids = async (query: string) => ((await as(admin.cookie)('GET', `/api/admin/orders?${query}`)).json().items as { id: string }[]).map((o) => o.id);
    expect(await ids('recipient=marta')).toContain(order.id);
    expect(await ids(`buyer=${buyer.email.slice(0, 10)}`)).toEqual([order.id]);
    expect(await ids('business=pastelería única')).toEqual([order.id]);
    expect(await ids('business=pastelería única&from=2026-04-01&to=2026-04-01')).toEqual([order.id]);
    expect(await ids('business=pastelería única&to=2026-03-31')).toEqual([]);
    expect(await ids('business=pastelería única&status=redeemed')).toEqual([]);
    expect(await ids('recipient=100%25')).toEqual([]);
    // Typed without accents, in capitals or with a letter missing, as people type.
    expect(await ids('business=pasteleria unica')).toEqual([order.id]);
    expect(await ids('business=PASTELERIA')).toEqual([order.id]);
    expect(await ids('business=pasteleia unica')).toEqual([order.id]);
    // A guest's purchase (ADR 075) names its buyer on the checkout: listed and found by it.
    const guestEmail = `guest-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const guestOrder = await createOrder(t.database.db, { buyerId: null, giftId: gift.id, recipientName: 'Pau Guest' });
    await t.database.db.update(checkouts).set({ guestName: 'Guest Giver', guestEmail, guestLocale: 'es' }).where(eq(checkouts.id, guestOrder.checkoutId!));
    expect(await ids(`buyer=${guestEmail.slice(0, 12)}`)).toEqual([guestOrder.id]);
    const guestRow = (await as(admin.cookie)('GET', `/api/admin/orders?buyer=${guestEmail}`)).json().items[0];
    expect(guestRow).toMatchObject({ id: guestOrder.id, buyerEmail: guestEmail });
    const businessIds = async (q: string) =>
      ((await as(admin.cookie)('GET', `/api/admin/businesses?q=${encodeURIComponent(q)}`)).json().items as { id: string }[]).map((b) => b.id);
    expect(await businessIds('pasteleria unica')).toEqual([business.id]);
    expect(await businessIds('Pastelería Única')).toEqual([business.id]);
  });

  it('overview counts pending applications and this and last month in Madrid time', async () => {
    // 1 March 2026 00:30 in Madrid (UTC+1) is still 28 February in UTC.
    clock = new Date('2026-02-28T23:30:00Z');
    try {
      const admin = await signedIn(t, { role: 'admin' });
      const { business } = await applicant(t, { verificationStatus: 'approved', isActive: true });
      const gift = await createGift(t.database.db, { businessId: business.id, price: 2000 });
      const buyer = await createUser(t.database.db);
      const paidAt = (iso: string) => ({ createdAt: new Date(new Date(iso).getTime() - 60_000), paidAt: new Date(iso), expiresAt: new Date('2027-01-01T00:00:00Z') });
      await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, ...paidAt('2026-02-28T23:15:00Z') }); // March in Madrid
      await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, ...paidAt('2026-02-28T22:45:00Z') }); // February
      await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, status: 'cancelled', ...paidAt('2026-02-10T10:00:00Z') });
      const before = (await as(admin.cookie)('GET', '/api/admin/overview')).json();
      expect(before.thisMonth).toMatchObject({ month: '2026-03' });
      expect(before.lastMonth).toMatchObject({ month: '2026-02' });
      expect(before.thisMonth.orders).toBeGreaterThanOrEqual(1);
      expect(before.thisMonth.gross).toBe(before.thisMonth.commission + before.thisMonth.commissionVat + before.thisMonth.net);
      expect(before.pendingApplications).toBeGreaterThanOrEqual(0);
      const pending = await applicant(t, { createdAt: new Date('2026-01-01T00:00:00Z') });
      const after = (await as(admin.cookie)('GET', '/api/admin/overview')).json();
      expect(after.pendingApplications).toBe(before.pendingApplications + 1);
      expect(after.oldestPendingSubmittedAt <= '2026-01-01T00:00:00.000Z').toBe(true);
      expect(after.oldestPendingDays).toBeGreaterThanOrEqual(58);
      expect(after.thisMonth.orders).toBe(before.thisMonth.orders);
      void pending;
    } finally {
      clock = null;
    }
  });

  it('grant and revoke are audited with the command line as actor; no-ops record nothing', async () => {
    const user = await createUser(t.database.db, { email: `staff-${crypto.randomUUID().slice(0, 6)}@regalo.test` });
    expect(await grantAdmin(t.database.db, user.email.toUpperCase())).toBe(true);
    expect(await grantAdmin(t.database.db, user.email)).toBe(true);
    expect(await revokeAdmin(t.database.db, user.email)).toBe(true);
    expect(await revokeAdmin(t.database.db, 'nobody@regalo.test')).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe('user');
    const audit = await auditRows(t, user.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['admin_granted', 'admin_revoked']);
    expect(audit.every((a) => a.actorEmail === COMMAND_LINE_ACTOR && a.actorId === null)).toBe(true);
  });
});
