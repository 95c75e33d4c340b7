import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders';
import { as, line, postCheckout, shop, signedIn } from '../testing/checkout-test-world';
import { startSmtpSink, subjectOf, type SmtpSink } from '../testing/smtp-sink';
import { createTestApp, type TestApp } from '../testing/test-app';
import { layoutTexts } from './layout-texts';

/** The text part of a raw message as the recipient's client reads it (quoted-printable, UTF-8). */
function decodedBody(raw: string): string {
  const softBreaksGone = raw.replace(/=\r?\n/g, '');
  return Buffer.from(softBreaksGone.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

describe('a recipient who chose Valencian', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('gets the gift email in Valencian, from the checkout through the outbox and the mail server', async () => {
    const { tea } = await shop(t);
    const giver = await signedIn(t, { name: 'Ana García' });
    const recipient = `carme-${Date.now()}@example.test`;
    // The giver picks Valencian for Carme at checkout; paying sends the gift right away.
    const created = await postCheckout(t, giver.cookie, [line(tea.id, { recipientName: 'Carme', recipientEmail: recipient, recipientLocale: 'va' })]);
    expect(created.statusCode, created.body).toBe(201);
    const paid = await as(t, giver.cookie)({ method: 'POST', url: `/api/payments/test/${created.json().id}/succeed` });
    expect(paid.statusCode, paid.body).toBe(200);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.recipientEmail, recipient));
    expect(order!.recipientLocale).toBe('va');
    await t.app.ctx.mail.flush();

    const sent = smtp.messages.filter((m) => m.to.includes(recipient));
    expect(sent).toHaveLength(1);
    expect(subjectOf(sent[0]!.raw)).toBe('Ana t’ha enviat un regal: Cata de tés');
    const body = decodedBody(sent[0]!.raw);
    expect(body).toContain('Hola, Carme:');
    expect(body).toContain('Ana et regala «Cata de tés» a Tetería Russafa');
    expect(body).toContain('Obrir el meu regal');
    expect(body).toContain(layoutTexts.va.footer);
    expect(body).toContain('lang="ca-ES-valencia"');
    for (const phrase of ['te ha enviado', 'Abrir mi regalo', 'Open my gift', layoutTexts.es.footer]) expect(body).not.toContain(phrase);
  });
});
