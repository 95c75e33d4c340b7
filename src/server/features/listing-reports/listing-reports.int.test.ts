import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/admin-audit-log';
import { listingReports } from '../../db/schema/listing-reports';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { latestMailTo } from '../../testing/auth-helpers';
import { as, line, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';
import { createBusiness, createGift, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/*
 * ADR 059 (DSA arts. 16-17): anyone reports a listing a giver can see, with an
 * acknowledgement when they leave an address; the team hides it (out of the catalogue and the
 * checkout, statement of reasons to the owner) or keeps it, once, with an audit row each time.
 */
describe('reporting a listing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const report = (cookie: string | null, payload: Record<string, unknown>) => as(t, cookie)({ method: 'POST', url: '/api/reports', payload });
  const decide = (cookie: string, id: string, payload: Record<string, unknown>) =>
    as(t, cookie)({ method: 'POST', url: `/api/admin/reports/${id}/decision`, payload });
  const admin = () => signedIn(t, { role: 'admin' });
  const catalogueGiftIds = async (cookie: string) =>
    ((await as(t, cookie)({ method: 'GET', url: '/api/catalog/gifts?page=1&pageSize=100' })).json().items as { id: string }[]).map((g) => g.id);
  const catalogueBusinessIds = async (cookie: string) =>
    ((await as(t, cookie)({ method: 'GET', url: '/api/catalog/businesses?page=1&pageSize=100' })).json().items as { id: string }[]).map((b) => b.id);

  it('takes an anonymous report with an email and acknowledges it; without an email it sends nothing', async () => {
    const { tea } = await shop(t);
    const res = await report(null, { targetType: 'gift', targetId: tea.id, category: 'misleading', explanation: 'The photo is of another shop', email: 'vecina@example.test', locale: 'es' });
    expect(res.statusCode).toBe(201);
    const { id, listing } = res.json();
    expect(listing).toBe('Cata de tés · Tetería Russafa');
    const [row] = await db().select().from(listingReports).where(eq(listingReports.id, id));
    expect(row).toMatchObject({ targetType: 'gift', giftId: tea.id, category: 'misleading', status: 'open', reporterEmail: 'vecina@example.test', reporterId: null });
    const ack = await latestMailTo(t, 'vecina@example.test', 'report-received');
    expect(ack.subject).toBe('Hemos recibido tu denuncia');
    expect(ack.text).toContain(`«Cata de tés · Tetería Russafa» (referencia ${id})`);

    const mailsBefore = (await db().select().from(mailOutbox)).length;
    const silent = await report(null, { targetType: 'business', targetId: tea.businessId, category: 'other', explanation: 'Closed for months' });
    expect(silent.statusCode).toBe(201);
    expect((await db().select().from(mailOutbox)).length).toBe(mailsBefore);
  });

  it('records who reported when signed in', async () => {
    const { tea } = await shop(t);
    const giver = await signedIn(t);
    const res = await report(giver.cookie, { targetType: 'gift', targetId: tea.id, category: 'fraud', explanation: 'Too good to be true' });
    const [row] = await db().select().from(listingReports).where(eq(listingReports.id, res.json().id));
    expect(row!.reporterId).toBe(giver.user.id);
  });

  it('refuses what a giver cannot see and bad input, storing nothing', async () => {
    const owner = await createUser(db(), { userType: 'business' });
    const pending = await createBusiness(db(), { ownerId: owner.id, verificationStatus: 'pending', isActive: false });
    const unlisted = await createGift(db(), { businessId: pending.id });
    const { business, tea } = await shop(t);
    const offSale = await createGift(db(), { businessId: business.id, isAvailable: false });
    for (const [targetType, targetId] of [['gift', unlisted.id], ['gift', offSale.id], ['business', pending.id], ['gift', '00000000-0000-4000-8000-000000000000'], ['gift', 'nonsense'], ['business', tea.id]]) {
      const res = await report(null, { targetType, targetId, category: 'other', explanation: 'x' });
      expect(res.statusCode, `${targetType} ${targetId}`).toBe(404);
      expect(res.json().code).toBe('report_target_not_found');
    }
    const invalid = await report(null, { targetType: 'gift', targetId: tea.id, category: 'other', explanation: '   ', email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toMatchObject({ explanation: 'required', email: 'invalid_email' });
    expect(await db().select().from(listingReports)).toHaveLength(0);
  });

  it('hide: the gift leaves the catalogue and the checkout, the owner gets the statement of reasons, the reporter the decision, once', async () => {
    const { tea, dinner, owner } = await shop(t);
    const giver = await signedIn(t);
    const team = await admin();
    const { id } = (await report(null, { targetType: 'gift', targetId: tea.id, category: 'illegal_product', explanation: 'Sells unlabelled alcohol', email: 'vecina@example.test', locale: 'en' })).json();
    expect((await as(t, team.cookie)({ method: 'GET', url: '/api/admin/reports' })).json().items.map((r: { id: string }) => r.id)).toEqual([id]);

    const res = await decide(team.cookie, id, { decision: 'hide', reason: 'Alcohol sold without the licence it needs', facts: 'The description offers spirits; the business holds no licence for them' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'hidden', isTargetHidden: true, decisionReason: 'Alcohol sold without the licence it needs' });

    const listed = await catalogueGiftIds(giver.cookie);
    expect(listed).not.toContain(tea.id);
    expect(listed).toContain(dinner.id);
    const refused = await postCheckout(t, giver.cookie, [line(tea.id)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('gift_unavailable');

    const statement = await latestMailTo(t, owner.user.email, 'listing-hidden');
    for (const part of ['Cata de tés', 'Alcohol sold without the licence it needs', 'The description offers spirits', 'It sells something illegal', 'no automated means', 'How to appeal', 'support@regalo.test', id]) {
      expect(statement.text).toContain(part);
    }
    const answer = await latestMailTo(t, 'vecina@example.test', 'report-decided');
    expect(answer.subject).toBe('We removed the listing you reported');

    const audit = await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
    expect(audit).toEqual([expect.objectContaining({ action: 'report_hidden', targetType: 'report', actorId: team.user.id, reason: 'Alcohol sold without the licence it needs' })]);
    expect(audit[0]!.after).toMatchObject({ status: 'hidden', targetType: 'gift', targetId: tea.id, hidden: true });

    const again = await decide(team.cookie, id, { decision: 'keep', reason: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('report_already_decided');
    expect(await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id))).toHaveLength(1);
    expect((await decide(team.cookie, '00000000-0000-4000-8000-000000000000', { decision: 'keep', reason: 'x' })).statusCode).toBe(404);
  });

  it('hide a business: it and its gifts leave the catalogue', async () => {
    const { business, tea } = await shop(t);
    const giver = await signedIn(t);
    const team = await admin();
    const { id } = (await report(null, { targetType: 'business', targetId: business.id, category: 'fraud', explanation: 'Takes money, never opens' })).json();
    expect((await decide(team.cookie, id, { decision: 'hide', reason: 'Fraud', facts: 'Five givers could not redeem' })).statusCode).toBe(200);
    expect(await catalogueBusinessIds(giver.cookie)).not.toContain(business.id);
    expect(await catalogueGiftIds(giver.cookie)).not.toContain(tea.id);
  });

  it('keep: the listing stays, the reporter is told, the decision is audited; hiding needs the facts', async () => {
    const { tea } = await shop(t);
    const giver = await signedIn(t);
    const team = await admin();
    const { id } = (await report(null, { targetType: 'gift', targetId: tea.id, category: 'other', explanation: 'I do not like tea', email: 'vecina@example.test', locale: 'es' })).json();
    const noFacts = await decide(team.cookie, id, { decision: 'hide', reason: 'x' });
    expect(noFacts.statusCode).toBe(400);
    expect(noFacts.json().fields).toMatchObject({ facts: 'required' });

    const res = await decide(team.cookie, id, { decision: 'keep', reason: 'Not illegal: a matter of taste' });
    expect(res.json()).toMatchObject({ status: 'kept', isTargetHidden: false });
    expect(await catalogueGiftIds(giver.cookie)).toContain(tea.id);
    const answer = await latestMailTo(t, 'vecina@example.test', 'report-decided');
    expect(answer.subject).toBe('Hemos revisado tu denuncia');
    expect(answer.text).toContain('Not illegal: a matter of taste');
    const [audit] = await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
    expect(audit).toMatchObject({ action: 'report_kept', after: expect.objectContaining({ status: 'kept', hidden: false }) });
    expect((await as(t, team.cookie)({ method: 'GET', url: '/api/admin/reports?status=kept' })).json().items[0]).toMatchObject({ id, hasReporterEmail: true });
  });

  it('two admins deciding at once: exactly one decision counts', async () => {
    const { tea } = await shop(t);
    const [first, second] = [await admin(), await admin()];
    const { id } = (await report(null, { targetType: 'gift', targetId: tea.id, category: 'unsafe', explanation: 'Sharp edges' })).json();
    const answers = await Promise.all([
      decide(first.cookie, id, { decision: 'hide', reason: 'Unsafe', facts: 'Photos' }),
      decide(second.cookie, id, { decision: 'keep', reason: 'Safe' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id))).toHaveLength(1);
  });
});

describe('reporting is rate-limited per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
  });
  afterAll(() => t.close());

  it('refuses the eleventh report within the hour with 429, storing nothing more', async () => {
    const { tea } = await shop(t);
    const send = () => as(t, null)({ method: 'POST', url: '/api/reports', payload: { targetType: 'gift', targetId: tea.id, category: 'other', explanation: 'Again' } });
    for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(await t.database.db.select().from(listingReports)).toHaveLength(10);
  });
});
