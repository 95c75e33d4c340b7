import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { orders } from '../../db/schema/orders';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, line, paymentState, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';
import { createMailService } from '../../platform/mail/mail-worker';
import { RESEND_LIMITS } from './routes';

const START = new Date('2026-11-23T10:00:00.000Z');
const tomorrow = { kind: 'scheduled' as const, date: '2026-11-24', time: '09:30' };

describe('my orders: the giver’s view and actions', () => {
  let t: TestApp;
  let clock = START;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  beforeEach(() => {
    clock = START;
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  /** The mail worker's pass, on the real clock: the outbox stamps rows with the database's. */
  const sendMail = () => createMailService({ config: t.config, db: db(), now: () => new Date() }).flush();

  async function bought(lines: ReturnType<typeof line>[], pay = true) {
    const { tea, dinner } = await shop(t);
    const buyer = await signedIn(t, { name: 'Ana García' });
    const created = await postCheckout(t, buyer.cookie, lines.map((l) => ({ ...l, giftId: l.giftId === 'dinner' ? dinner.id : tea.id })));
    expect(created.statusCode).toBe(201);
    if (pay) await as(t, buyer.cookie)({ method: 'POST', url: `/api/payments/test/${created.json().id}/succeed` });
    const list = async () => (await as(t, buyer.cookie)({ method: 'GET', url: '/api/my/orders' })).json().items;
    return { buyer, checkout: created.json(), list };
  }

  it('lists delivery, language, sender, the absolute gift link and what the giver may do', async () => {
    const { list } = await bought([
      line('tea', { recipientName: 'Lucía', recipientEmail: 'lucia@example.test', recipientLocale: 'en' }),
      line('dinner', { recipientName: 'Joan', delivery: tomorrow }),
    ]);
    const [joan, sending] = await list();
    const [row] = await db().select().from(orders).where(eq(orders.recipientName, 'Lucía'));
    // Released at payment, but "delivered" only once the mail server has taken the email.
    expect(sending).toMatchObject({
      status: 'paid',
      recipientLocale: 'en',
      senderName: 'Ana',
      deliverAt: null,
      deliveryState: 'sending',
      deliveredAt: null,
      giftUrl: `http://localhost:3000/g/${row!.qrCode}`,
      giftPagePath: `/g/${row!.qrCode}`,
      canChangeDelivery: false,
      canResend: false,
    });
    expect(joan).toMatchObject({ deliverAt: '2026-11-24T08:30:00.000Z', deliveryState: 'scheduled', deliveredAt: null, canChangeDelivery: true, canResend: false });
    await sendMail();
    const [, lucia] = await list();
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, row!.giftMailId!));
    expect(lucia).toMatchObject({ deliveryState: 'delivered', deliveredAt: mail!.sentAt!.toISOString(), canResend: true });

    // Past its expiry a paid order reads "expired" before any job wrote it.
    clock = new Date('2026-12-24T00:00:00.000Z');
    const later = await list();
    expect(later.map((o: { status: string }) => o.status)).toEqual(['expired', 'paid']);
    expect(later[0]).toMatchObject({ canChangeDelivery: false, canResend: false });
  });

  it('resends the recipient’s email for a delivered gift; refuses scheduled, phone-only and unpaid ones', async () => {
    const { buyer, list } = await bought([
      line('tea', { recipientEmail: 'lucia@example.test', recipientLocale: 'en' }),
      line('tea', { recipientEmail: null, recipientPhone: '+34600111222' }),
      line('tea', { delivery: tomorrow }),
    ]);
    const [, phoneOnly, delivered] = await list();
    const resend = () => as(t, buyer.cookie)({ method: 'POST', url: `/api/my/orders/${delivered.id}/resend` });
    // Not while the first email still waits for the mail server: both would arrive.
    const early = await resend();
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('gift_mail_sending');
    await sendMail();
    expect((await resend()).statusCode).toBe(204);
    expect((await list()).find((o: { id: string }) => o.id === delivered.id)).toMatchObject({ deliveryState: 'sending', canResend: false });
    expect((await resend()).json().code).toBe('gift_mail_sending');
    const sent = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'lucia@example.test'));
    expect(sent.map((m) => [m.template, m.locale])).toEqual([['gift-received', 'en'], ['gift-received', 'en']]);
    await sendMail();

    const before = await paymentState(t);
    const [scheduled] = (await list()).filter((o: { deliverAt: string | null }) => o.deliverAt);
    for (const id of [phoneOnly.id, scheduled.id]) {
      const res = await as(t, buyer.cookie)({ method: 'POST', url: `/api/my/orders/${id}/resend` });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('order_not_resendable');
    }
    // An unpaid order is not one of the giver's orders (it is a pending purchase).
    const unpaid = await bought([line('tea')], false);
    expect(await unpaid.list()).toEqual([]);
    const [unpaidOrder] = await db().select().from(orders).where(eq(orders.checkoutId, unpaid.checkout.id));
    expect((await as(t, unpaid.buyer.cookie)({ method: 'POST', url: `/api/my/orders/${unpaidOrder!.id}/resend` })).json().code).toBe('order_not_found');
    const after = await paymentState(t);
    expect(after.mail).toEqual(before.mail);
    expect(after.orders.filter((o) => o.buyerId === buyer.user.id)).toEqual(before.orders.filter((o) => o.buyerId === buyer.user.id));
  });

  it('changes a scheduled gift’s address and moment until it goes; "now" sends it at once', async () => {
    const { buyer, list } = await bought([line('tea', { recipientEmail: 'old@example.test', delivery: tomorrow })]);
    const [order] = await list();
    const patch = (payload: object) => as(t, buyer.cookie)({ method: 'PATCH', url: `/api/my/orders/${order.id}/delivery`, payload });

    const moved = await patch({ recipientEmail: 'new@example.test', recipientPhone: null, delivery: { kind: 'scheduled', date: '2026-11-30', time: '20:15' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ recipientEmail: 'new@example.test', deliverAt: '2026-11-30T19:15:00.000Z', canChangeDelivery: true });

    const before = await paymentState(t);
    const past = await patch({ recipientEmail: 'x@example.test', delivery: { kind: 'scheduled', date: '2026-11-23', time: '10:00' } });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ delivery: 'delivery_in_past' });
    const noContact = await patch({ recipientEmail: '', recipientPhone: '', delivery: { kind: 'now' } });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().fields).toEqual({ recipientEmail: 'contact_required' });
    expect(await paymentState(t)).toEqual(before);

    const now = await patch({ recipientEmail: 'now@example.test', recipientPhone: null, delivery: { kind: 'now' } });
    expect(now.statusCode).toBe(200);
    expect(now.json()).toMatchObject({ deliveryState: 'sending', deliveredAt: null, canChangeDelivery: false, canResend: false });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.template, 'gift-received'));
    expect(mails.map((m) => m.to)).toEqual(['now@example.test']);

    const late = await patch({ recipientEmail: 'late@example.test', delivery: { kind: 'now' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('order_already_delivered');
  });

  it('refuses to change an unpaid order’s delivery', async () => {
    const { buyer, checkout } = await bought([line('tea', { delivery: tomorrow })], false);
    const [order] = await db().select().from(orders).where(eq(orders.checkoutId, checkout.id));
    const before = await paymentState(t);
    const res = await as(t, buyer.cookie)({
      method: 'PATCH',
      url: `/api/my/orders/${order!.id}/delivery`,
      payload: { recipientEmail: 'x@example.test', delivery: { kind: 'now' } },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('order_not_found');
    expect(await paymentState(t)).toEqual(before);
  });
});

describe('resending a gift email: rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => START, env: { RATE_LIMIT: 'on' } });
  });
  afterAll(() => t.close());

  it(`allows ${RESEND_LIMITS.perOrder.limit} resends per order and ${RESEND_LIMITS.perGiver.limit} per giver an hour; nobody else uses them up`, async () => {
    const { tea } = await shop(t);
    const buyer = await signedIn(t, { name: 'Ana García' });
    const emails = ['a', 'b', 'c', 'd'].map((x) => `resend-${x}-${Date.now()}@example.test`);
    const created = await postCheckout(t, buyer.cookie, emails.map((email) => line(tea.id, { recipientEmail: email })));
    await as(t, buyer.cookie)({ method: 'POST', url: `/api/payments/test/${created.json().id}/succeed` });
    const mine = (await as(t, buyer.cookie)({ method: 'GET', url: '/api/my/orders' })).json().items as { id: string; recipientEmail: string }[];
    const [a, b, c, d] = emails.map((email) => mine.find((o) => o.recipientEmail === email)!);
    const resend = (cookie: string, id: string) => as(t, cookie)({ method: 'POST', url: `/api/my/orders/${id}/resend` });
    const mailsTo = async (email: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length;

    // Someone else trying the giver's order id gets 404s, then is limited on their own counter,
    // which leaves the giver's allowance alone.
    const stranger = await signedIn(t, { name: 'Pep Extraño' });
    for (let i = 0; i < RESEND_LIMITS.perGiver.limit; i++) expect((await resend(stranger.cookie, a!.id)).statusCode).toBe(404);
    expect((await resend(stranger.cookie, a!.id)).statusCode).toBe(429);

    // Each resend waits for the one before it to leave (see "gift_mail_sending").
    const sendMail = () => createMailService({ config: t.config, db: t.database.db, now: () => new Date() }).flush();
    await sendMail();
    for (let i = 0; i < RESEND_LIMITS.perOrder.limit; i++) {
      expect((await resend(buyer.cookie, a!.id)).statusCode).toBe(204);
      await sendMail();
    }
    const refused = await resend(buyer.cookie, a!.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another spelling of the same id is the same order: the count is the database's id's
    // (ADR 054: upper-case spellings each had their own 3).
    for (const spelling of [a!.id.toUpperCase(), a!.id.replace(/[a-f]/g, (x) => x.toUpperCase()).replace(/^[0-9A-F]/, (x) => x.toLowerCase())]) {
      expect((await resend(buyer.cookie, spelling)).statusCode, spelling).toBe(429);
    }
    expect(await mailsTo(a!.recipientEmail)).toBe(1 + RESEND_LIMITS.perOrder.limit);

    // Other orders still go, up to the giver's total for the hour.
    let sent = RESEND_LIMITS.perOrder.limit;
    for (const order of [b!, c!, d!]) {
      for (let i = 0; i < RESEND_LIMITS.perOrder.limit && sent < RESEND_LIMITS.perGiver.limit; i++, sent++) {
        expect((await resend(buyer.cookie, order.id)).statusCode).toBe(204);
        await sendMail();
      }
    }
    expect(sent).toBe(RESEND_LIMITS.perGiver.limit);
    const mailsBefore = await mailsTo(d!.recipientEmail);
    const overTotal = await resend(buyer.cookie, d!.id);
    expect(overTotal.statusCode).toBe(429);
    expect(await mailsTo(d!.recipientEmail)).toBe(mailsBefore);
  });
});
