import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { as, line, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';
import { countBy, startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * ADR 057: during a mail outage "My orders" said "delivered" and offered a
 * resend, and that resend became a second email once the server was back. A gift reads
 * "sending" until the mail server has accepted its email, and no resend is queued meanwhile.
 */
describe('"sending" until the mail server has taken the gift email', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink({ mode: 'down' });
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('through an outage (refused, then hung) and its end: one email, "delivered" only once it left', async () => {
    const { tea } = await shop(t);
    const giver = await signedIn(t, { name: 'Ana García' });
    const recipient = `lucia-${Date.now()}@example.test`;
    const created = await postCheckout(t, giver.cookie, [line(tea.id, { recipientEmail: recipient })]);
    await as(t, giver.cookie)({ method: 'POST', url: `/api/payments/test/${created.json().id}/succeed` });
    const mine = async () => (await as(t, giver.cookie)({ method: 'GET', url: '/api/my/orders' })).json().items[0];
    const resend = async () => as(t, giver.cookie)({ method: 'POST', url: `/api/my/orders/${(await mine()).id}/resend` });
    const retryNow = () => t.database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.to, recipient));

    // The server refuses connections, then hangs: the email stays queued.
    expect((await t.app.ctx.mail.flush()).sent).toBe(0);
    smtp.mode = 'hang';
    await retryNow();
    expect((await t.app.ctx.mail.flush()).sent).toBe(0);
    expect(await mine()).toMatchObject({ deliveryState: 'sending', deliveredAt: null, canResend: false });
    for (let i = 0; i < 3; i++) {
      const refused = await resend();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('gift_mail_sending');
    }
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, recipient))).toHaveLength(1);

    // It comes back: the email goes once, and only now is the gift "delivered".
    smtp.mode = 'accept';
    await retryNow();
    await t.app.ctx.mail.flush();
    const [sent] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, recipient));
    expect(await mine()).toMatchObject({ deliveryState: 'delivered', deliveredAt: sent!.sentAt!.toISOString(), canResend: true });
    expect(countBy(smtp.received).get(recipient)).toBe(1);

    // A resend now is a deliberate second email, and "sending" again until it leaves.
    expect((await resend()).statusCode).toBe(204);
    expect(await mine()).toMatchObject({ deliveryState: 'sending', canResend: false });
    await t.app.ctx.mail.flush();
    expect(await mine()).toMatchObject({ deliveryState: 'delivered', canResend: true });
    expect(countBy(smtp.received).get(recipient)).toBe(2);
  }, 60_000);

  it('an email the server refuses for good reads "could not be delivered" and may be sent again', async () => {
    const { tea } = await shop(t);
    const giver = await signedIn(t, { name: 'Ana García' });
    const recipient = `nobody-${Date.now()}@example.test`;
    const created = await postCheckout(t, giver.cookie, [line(tea.id, { recipientEmail: recipient })]);
    await as(t, giver.cookie)({ method: 'POST', url: `/api/payments/test/${created.json().id}/succeed` });
    await t.database.db.update(mailOutbox).set({ status: 'failed', lastError: '550 no such mailbox' }).where(eq(mailOutbox.to, recipient));
    const [order] = (await as(t, giver.cookie)({ method: 'GET', url: '/api/my/orders' })).json().items;
    expect(order).toMatchObject({ deliveryState: 'failed', deliveredAt: null, canResend: true });
  });
});
