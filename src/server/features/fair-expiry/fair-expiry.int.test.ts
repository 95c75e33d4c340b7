import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@shared/format';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { giftMovements, orders } from '../../db/schema/orders';
import { recordExpiryMovements } from '../../money/ledger/record-expiry';
import { settleRedemption } from '../../money/transfers/settle-redemption';
import { latestMailTo } from '../../testing/auth-helpers';
import { as, signedInOwner, signedInUser } from '../../testing/dashboard-test-world';
import { createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Fair expiry (ADR 064): the recipient of an expired, unused gift asks once from
 * the gift page, within 90 days; the business extends (by up to the gift's validity) or
 * declines in one click; the recipient is told by email, or on the gift page.
 */
describe('fair expiry', () => {
  let t: TestApp;
  let clock = new Date('2027-01-10T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  async function world(orderInput: Partial<Parameters<typeof createOrder>[1]> = {}) {
    const owner = await signedInOwner(t);
    const gift = await createGift(db(), { businessId: owner.business.id, validityDays: 180 });
    const buyer = await createUser(db());
    const order = await createOrder(db(), {
      buyerId: buyer.id,
      giftId: gift.id,
      status: 'expired',
      recipientLocale: 'en',
      recipientEmail: `r-${crypto.randomUUID().slice(0, 8)}@example.test`,
      // Expired at the end of 31 December 2026 in Valencia.
      expiresAt: new Date('2026-12-31T22:59:59.999Z'),
      ...orderInput,
    });
    return { owner, gift, order };
  }
  const ask = (code: string) => as(t, null)({ method: 'POST', url: `/g/${code}/extension`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  const decide = (cookie: string | null, id: string, payload: Record<string, unknown>) =>
    as(t, cookie)({ method: 'POST', url: `/api/business/orders/${id}/extension`, payload });
  const row = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

  it('asks once from the gift page: the business sees it, a second request is 409 and changes nothing', async () => {
    clock = new Date('2027-01-10T10:00:00Z');
    const { owner, order } = await world();
    const page = await as(t, null)({ method: 'GET', url: `/g/${order.qrCode}?lang=en` });
    expect(page.body).toContain('data-testid="extension-form"');
    expect(page.headers['referrer-policy']).toBe('same-origin');

    const first = await ask(order.qrCode);
    expect(first.statusCode).toBe(303);
    expect((await row(order.id)).extensionRequestedAt).toEqual(clock);
    const after = await as(t, null)({ method: 'GET', url: `/g/${order.qrCode}?lang=en` });
    expect(after.body).not.toContain('data-testid="extension-form"');
    expect(after.body).toContain('You asked');

    const listed = (await as(t, owner.cookie)({ method: 'GET', url: '/api/business/orders' })).json().items;
    expect(listed.find((o: { id: string }) => o.id === order.id)).toMatchObject({ extensionRequestedAt: clock.toISOString(), extensionDecision: null });

    clock = new Date('2027-01-11T10:00:00Z');
    const second = await ask(order.qrCode);
    expect(second.statusCode).toBe(409);
    expect((await row(order.id)).extensionRequestedAt).toEqual(new Date('2027-01-10T10:00:00Z'));
  });

  it('refuses before expiry, more than 90 days after it, and for a redeemed or cancelled gift', async () => {
    clock = new Date('2027-01-10T10:00:00Z');
    const live = (await world({ status: 'paid', expiresAt: new Date('2027-02-01T22:59:59.999Z') })).order;
    const redeemed = (await world({ status: 'redeemed', redeemedAt: new Date('2026-12-01T10:00:00Z') })).order;
    const cancelled = (await world({ status: 'cancelled' })).order;
    const old = (await world()).order;
    for (const order of [live, redeemed, cancelled]) {
      const res = await ask(order.qrCode);
      expect(res.statusCode, order.status).toBe(409);
      expect((await row(order.id)).extensionRequestedAt).toBeNull();
    }
    // 31 Dec + 90 days = 31 March (Valencia); the 1st of April is too late.
    clock = new Date('2027-03-31T21:00:00Z');
    expect((await as(t, null)({ method: 'GET', url: `/g/${old.qrCode}` })).body).toContain('data-testid="extension-form"');
    clock = new Date('2027-03-31T22:00:00Z');
    expect((await as(t, null)({ method: 'GET', url: `/g/${old.qrCode}` })).body).not.toContain('data-testid="extension-form"');
    expect((await ask(old.qrCode)).statusCode).toBe(409);
    expect((await row(old.id)).extensionRequestedAt).toBeNull();
    expect((await ask('not-a-real-code-at-all-0000000000000000000')).statusCode).toBe(404);
  });

  it('the owner extends: by the validity from today, paid again, the recipient emailed in their language', async () => {
    clock = new Date('2027-01-10T10:00:00Z');
    const { owner, order } = await world();
    await ask(order.qrCode);
    const res = await decide(owner.cookie, order.id, { decision: 'extend' });
    expect(res.statusCode).toBe(200);
    // 10 January + 180 days = 9 July 2027, ending at midnight in Valencia (UTC+2).
    expect(res.json()).toMatchObject({ status: 'paid', extensionDecision: 'extended', expiresAt: '2027-07-09T21:59:59.999Z' });
    const stored = await row(order.id);
    expect(stored).toMatchObject({ status: 'paid', extensionDecision: 'extended', extensionDecidedAt: clock, expiryReminderSentAt: null });
    const mail = await latestMailTo(t, order.recipientEmail!, 'gift-expiry-extended');
    expect(mail.locale).toBe('en');
    expect(mail.subject).toContain(`valid until ${formatDate(stored.expiresAt, 'en')}`);
    // The gift page shows the QR again, and no form.
    const page = await as(t, null)({ method: 'GET', url: `/g/${order.qrCode}?lang=en` });
    expect(page.body).toContain('data-testid="gift-qr"');
    expect(page.body).not.toContain('data-testid="extension-form"');

    // Once only.
    const again = await decide(owner.cookie, order.id, { decision: 'decline' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('extension_already_decided');
  });

  it('writes to a recipient who chose Valencian in Valencian, whether the owner extends or declines (ADR 068)', async () => {
    clock = new Date('2027-01-10T10:00:00Z');
    const { owner, order } = await world({ recipientLocale: 'va' });
    await ask(order.qrCode);
    expect((await decide(owner.cookie, order.id, { decision: 'extend' })).statusCode).toBe(200);
    const extended = await latestMailTo(t, order.recipientEmail!, 'gift-expiry-extended');
    expect(extended.locale).toBe('va');
    expect(extended.subject).toMatch(/^El teu regal .+ ara val fins al /);
    expect(extended.html).toContain('lang="ca-ES-valencia"');

    const { owner: other, order: declined } = await world({ recipientLocale: 'va' });
    await ask(declined.qrCode);
    expect((await decide(other.cookie, declined.id, { decision: 'decline' })).statusCode).toBe(200);
    const mail = await latestMailTo(t, declined.recipientEmail!, 'gift-extension-declined');
    expect(mail.locale).toBe('va');
    expect(mail.subject).toContain('no ha ampliat la validesa del teu regal');
  });

  it('a gift card asks and is answered the same way, and the extension gives back its unspent balance, not its amount', async () => {
    clock = new Date('2027-01-10T10:00:00Z');
    const { owner, order } = await world({ valueKind: 'card', amountCents: 5000, status: 'paid', recipientLocale: 'es', now: new Date('2026-06-01T10:00:00Z') });
    // A use of 18,40 €, then what the expiry job does: the 31,60 € left become an expired movement.
    await settleRedemption(db(), { orderId: order.id, businessId: owner.business.id, checkoutId: order.checkoutId!, amount: 1840, redeemedBy: owner.user.id, method: 'manual', at: new Date('2026-09-01T10:00:00Z'), useKey: `test-use-${order.id}` });
    await db().transaction(async (tx) => {
      await tx.update(orders).set({ status: 'expired' }).where(eq(orders.id, order.id));
      await recordExpiryMovements(tx, [order.id], new Date('2027-01-01T00:00:00Z'));
    });
    const page = await as(t, null)({ method: 'GET', url: `/g/${order.qrCode}?lang=es` });
    expect(page.body).toContain('data-testid="extension-form"');
    expect((await ask(order.qrCode)).statusCode).toBe(303);
    expect((await decide(owner.cookie, order.id, { decision: 'extend' })).statusCode).toBe(200);
    const kinds = (await db().select().from(giftMovements).where(eq(giftMovements.orderId, order.id))).map((m) => `${m.kind} ${m.amount}`);
    expect(kinds.sort()).toEqual(['expired 3160', 'expiry_lifted 3160', 'issued 5000', 'redeemed 1840']);
    const after = await as(t, null)({ method: 'GET', url: `/g/${order.qrCode}?lang=es` });
    expect(after.body).toContain('data-testid="gift-qr"');
    expect(after.body).toContain('31,60');
    expect((await latestMailTo(t, order.recipientEmail!, 'gift-expiry-extended')).locale).toBe('es');
  });

  it('extends only by a length offered (none beyond the validity), or refuses a request nobody made', async () => {
    clock = new Date('2027-01-10T10:00:00Z');
    const { owner, order } = await world();
    expect((await decide(owner.cookie, order.id, { decision: 'extend' })).json().code).toBe('extension_not_requested');
    await ask(order.qrCode);
    // The gift is valid 180 days: 365 is too long, 45 is not a length offered, "90" is not a number.
    for (const days of [365, 45, 0, -30, 2.5, '90']) {
      const refused = await decide(owner.cookie, order.id, { decision: 'extend', days });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ days: 'invalidExtensionLength' });
    }
    expect((await row(order.id)).extensionDecision).toBeNull();
    const shorter = await decide(owner.cookie, order.id, { decision: 'extend', days: 90 });
    expect(shorter.statusCode).toBe(200);
    // 90 days from 10 January 2027, to the end of that day in Valencia.
    expect(shorter.json().expiresAt).toBe('2027-04-10T21:59:59.999Z');
  });

  it("counts the requests still waiting on the business and finds them with the list's filter", async () => {
    clock = new Date('2027-01-10T10:00:00Z');
    const { owner, gift, order } = await world();
    const buyer = await createUser(db());
    const other = await createOrder(db(), {
      buyerId: buyer.id,
      giftId: gift.id,
      status: 'expired',
      recipientEmail: `r-${crypto.randomUUID().slice(0, 8)}@example.test`,
      expiresAt: new Date('2026-12-31T22:59:59.999Z'),
    });
    const me = async () => (await as(t, owner.cookie)({ method: 'GET', url: '/api/business/me' })).json().totals.extensionRequests;
    const waiting = async () =>
      (await as(t, owner.cookie)({ method: 'GET', url: '/api/business/orders?status=extension_requested' })).json().items.map((o: { id: string }) => o.id);
    expect(await me()).toBe(0);
    expect(await waiting()).toEqual([]);
    await ask(order.qrCode);
    await ask(other.qrCode);
    expect(await me()).toBe(2);
    expect((await waiting()).sort()).toEqual([order.id, other.id].sort());
    expect((await decide(owner.cookie, other.id, { decision: 'decline' })).statusCode).toBe(200);
    expect(await me()).toBe(1);
    expect(await waiting()).toEqual([order.id]);
  });

  it('the owner declines: the gift stays expired, the recipient is emailed (in Spanish here); without an email the page says so', async () => {
    clock = new Date('2027-01-10T10:00:00Z');
    const { owner, order } = await world({ recipientLocale: 'es' });
    await ask(order.qrCode);
    const res = await decide(owner.cookie, order.id, { decision: 'decline' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'expired', extensionDecision: 'declined' });
    const mail = await latestMailTo(t, order.recipientEmail!, 'gift-extension-declined');
    expect(mail.locale).toBe('es');
    expect(mail.subject).toContain('no ha ampliado');

    const { owner: other, order: silent } = await world({ recipientEmail: null });
    await ask(silent.qrCode);
    const mailsBefore = (await db().select().from(mailOutbox)).length;
    expect((await decide(other.cookie, silent.id, { decision: 'decline' })).statusCode).toBe(200);
    expect((await db().select().from(mailOutbox)).length).toBe(mailsBefore);
    const page = await as(t, null)({ method: 'GET', url: `/g/${silent.qrCode}?lang=en` });
    expect(page.body).toContain('decided not to extend this gift');
  });

  it('only the business that sold it answers: another business 404, a consumer 403, anonymous 401, nothing changes', async () => {
    clock = new Date('2027-01-10T10:00:00Z');
    const { order } = await world();
    await ask(order.qrCode);
    const stranger = await signedInOwner(t);
    const consumer = await signedInUser(t);
    expect((await decide(stranger.cookie, order.id, { decision: 'extend' })).statusCode).toBe(404);
    expect((await decide(consumer.cookie, order.id, { decision: 'extend' })).statusCode).toBe(403);
    expect((await decide(null, order.id, { decision: 'extend' })).statusCode).toBe(401);
    expect((await decide(stranger.cookie, 'nonsense', { decision: 'extend' })).statusCode).toBe(404);
    expect(await row(order.id)).toMatchObject({ status: 'expired', extensionDecision: null, extensionDecidedAt: null });
  });
});
