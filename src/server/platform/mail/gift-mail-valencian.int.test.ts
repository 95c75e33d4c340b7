import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { enqueueGiftReceived, loadGiftMailData } from '../../domain/orders/gift-mail';
import { as, line, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';
import { startSmtpSink, subjectOf, type SmtpSink } from '../../testing/smtp-sink';
import { createTestApp, type TestApp } from '../../testing/test-app';
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

  it('gets the gift email in Valencian, through the outbox and the mail server', async () => {
    const { tea } = await shop(t);
    const giver = await signedIn(t, { name: 'Ana García' });
    const recipient = `carme-${Date.now()}@example.test`;
    // Scheduled, so paying sends nothing yet: the one gift email is the one below.
    const date = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const delivery = { kind: 'scheduled' as const, date, time: '12:00' };
    const created = await postCheckout(t, giver.cookie, [line(tea.id, { recipientName: 'Carme', recipientEmail: recipient, delivery })]);
    expect(created.statusCode).toBe(201);
    await as(t, giver.cookie)({ method: 'POST', url: `/api/payments/test/${created.json().id}/succeed` });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.recipientEmail, recipient));

    // The recipient's choice as the order stores it. The database CHECK and the checkout's
    // list take `va` with the catalogue move (issue 31); until then the stored row cannot say
    // `va`, so the loaded order carries it, and everything after (the language read from
    // the order, rendering, the outbox, the worker, SMTP) is the real path.
    const data = (await loadGiftMailData(t.database.db, order!.id))!;
    await t.database.db.transaction((tx) => enqueueGiftReceived(tx, t.app.ctx.config.publicUrl, { ...data, order: { ...data.order, recipientLocale: 'va' } }));
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
