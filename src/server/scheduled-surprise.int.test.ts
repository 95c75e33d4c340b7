import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from './db/schema/mail-outbox';
import { orders } from './db/schema/orders';
import { extendOrderExpiry } from './features/admin/extend-order-expiry';
import { deliverDueGifts } from './features/gift-delivery/deliver-due-gifts';
import { sendExpiryReminders } from './features/order-expiry/send-expiry-reminders';
import { createMailService } from './platform/mail/mail-worker';
import { as, line, postCheckout, shop, signedIn } from './testing/checkout-test-world';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink';
import { createTestApp, type TestApp } from './testing/test-app';

const DAY = 24 * 60 * 60 * 1000;
const START = new Date('2026-11-23T10:00:00.000Z');
const admin = { id: null, email: 'team@regalo.test' };

/**
 * ADR 057: nothing reaches a recipient before the moment the giver chose, and
 * whatever comes later (an extension, the "a week left" reminder) arrives after the gift.
 */
describe('a gift scheduled for later stays a surprise', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let clock = START;
  beforeAll(async () => {
    smtp = await startSmtpSink({ mode: 'down' });
    t = await createTestApp({ now: () => clock, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const ctx = () => ({ db: t.app.ctx.db, config: t.config, now: () => clock });
  const mailsTo = (to: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));

  it('an extension or a reminder before the delivery moment sends the recipient nothing; after it, they follow the gift email', async () => {
    const { dinner } = await shop(t);
    const giver = await signedIn(t, { name: 'Ana García' });
    const recipient = `carmen-${Date.now()}@example.test`;
    // Cena para dos is valid 30 days; the giver picks its 27th day for it to arrive.
    const created = await postCheckout(t, giver.cookie, [
      line(dinner.id, { recipientEmail: recipient, delivery: { kind: 'scheduled', date: '2026-12-20', time: '09:00' } }),
    ]);
    expect(created.statusCode, created.body).toBe(201);
    await as(t, giver.cookie)({ method: 'POST', url: `/api/payments/test/${created.json().id}/succeed` });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.checkoutId, created.json().id));
    expect(order!.deliverAt!.toISOString()).toBe('2026-12-20T08:00:00.000Z');

    // Two days later the team extends it: the recipient hears nothing yet.
    clock = new Date(START.getTime() + 2 * DAY);
    await extendOrderExpiry(ctx(), admin, order!.id, { expiresOn: '2026-12-26', reason: 'Giver asked' });
    expect(await mailsTo(recipient)).toEqual([]);

    // Within the last week of its validity, still before the moment: no reminder to anyone yet.
    clock = new Date('2026-12-20T07:59:00.000Z');
    expect(await sendExpiryReminders(ctx())).toBe(0);
    expect(await mailsTo(recipient)).toEqual([]);

    // The moment comes, while the mail server is down: the gift email waits in the outbox.
    clock = new Date('2026-12-20T08:00:00.000Z');
    expect(await deliverDueGifts(ctx())).toBe(1);
    const mail = createMailService({ config: t.config, db: t.database.db, now: () => new Date() });
    await mail.flush();

    // The reminder and a second extension now exist, but wait for the gift email.
    expect(await sendExpiryReminders(ctx())).toBe(1);
    await extendOrderExpiry(ctx(), admin, order!.id, { expiresOn: '2026-12-31', reason: 'Again' });
    const queued = await mailsTo(recipient);
    expect(queued.map((m) => m.template)).toEqual(['gift-received', 'gift-expiry-reminder', 'gift-expiry-extended']);
    // The gift email carries the first extension's date, rendered at the moment it was released.
    expect(queued[0]!.text).toContain('26 dic 2026');
    const [gift, ...followers] = queued;
    expect(followers.every((m) => m.afterMailId === gift!.id && m.attempts === 0)).toBe(true);

    // The server returns: the gift arrives first, then what follows it.
    smtp.mode = 'accept';
    await t.database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.to, recipient));
    await mail.flush();
    await mail.stop();
    const arrived = smtp.messages.filter((m) => m.to.includes(recipient)).map((m) => m.raw);
    expect(arrived).toHaveLength(3);
    expect(arrived[0]).toContain(`/g/${order!.qrCode}`);
    expect(arrived[0]).toMatch(/Ana/);
    const sent = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, recipient), eq(mailOutbox.status, 'sent')));
    expect(sent).toHaveLength(3);
  });
});
