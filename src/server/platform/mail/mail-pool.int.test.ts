import { eq, gt } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { countBy, startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { getTestDatabase } from '../../testing/test-database';
import { enqueueMail } from '../../mail/enqueue-mail';
import { createMailService, SMTP_POOL_SIZE } from './mail-worker';

function configFor(smtpUrl: string) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/regalo-mail-test',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    MAIL_FROM: 'Regalo <hola@regalo.test>',
    SMTP_URL: smtpUrl,
  });
}

const giftMail = (i: number) => ({
  recipientName: `Persona ${i}`,
  senderName: 'Ana',
  giftName: 'Cata de tés',
  businessName: 'Tetería Russafa',
  businessAddress: 'Carrer de Sueca 12, València',
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=Teter%C3%ADa',
  personalMessage: '¡Feliz cumpleaños!',
  expiresAt: '2027-11-23T22:59:59.999Z',
  giftUrl: `https://regalo.example/g/code-${i}`,
  typedCode: 'K7QDM2XA',
});

describe('mail worker: a pool of SMTP connections (ADR 057)', () => {
  const sinks: SmtpSink[] = [];
  afterEach(async () => {
    await Promise.all(sinks.splice(0).map((s) => s.close()));
  });
  const sink = async (options: Parameters<typeof startSmtpSink>[0]) => {
    const s = await startSmtpSink(options);
    sinks.push(s);
    return s;
  };

  it('drains 500 gift emails queued during an outage, each exactly once, once the server is back', async () => {
    const { db } = await getTestDatabase();
    const smtp = await sink({ mode: 'down' });
    const values = [];
    for (let i = 0; i < 500; i++) {
      values.push(enqueueMail(db, { to: `r${i}@example.test`, template: 'gift-received', locale: i % 2 ? 'en' : 'es', data: giftMail(i) }));
    }
    await Promise.all(values);
    const mail = createMailService({ config: configFor(smtp.url), db, now: () => new Date() });

    // While the server is down, a pass gives up after one failure per connection of the
    // pool instead of spending an attempt (and a back-off) of every queued email.
    const outage = await mail.flush();
    expect(outage).toEqual({ sent: 0, failed: SMTP_POOL_SIZE });
    const tried = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(gt(mailOutbox.attempts, 0));
    expect(tried).toHaveLength(SMTP_POOL_SIZE);

    // The server returns. The emails the outage touched wait out their back-off; the others
    // go now, drained by two servers' workers at once (their claims never overlap).
    smtp.mode = 'accept';
    const other = createMailService({ config: configFor(smtp.url), db, now: () => new Date() });
    const started = performance.now();
    const [a, b] = await Promise.all([mail.flush(), other.flush()]);
    const seconds = (performance.now() - started) / 1000;
    await other.stop();
    console.info(`mail drain: ${a.sent + b.sent} emails in ${seconds.toFixed(1)} s (${a.sent} + ${b.sent})`);
    expect({ sent: a.sent + b.sent, failed: a.failed + b.failed }).toEqual({ sent: 500 - SMTP_POOL_SIZE, failed: 0 });
    // A generous bound, not a benchmark: one at a time this took well over a minute.
    expect(seconds).toBeLessThan(60);

    // The five that met the outage go at their retry; nothing is sent twice.
    await db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.status, 'pending'));
    expect(await mail.flush()).toEqual({ sent: SMTP_POOL_SIZE, failed: 0 });
    await mail.stop();
    expect(smtp.received).toHaveLength(500);
    const perAddress = countBy(smtp.received);
    expect(perAddress.size).toBe(500);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    const rows = await db.select({ status: mailOutbox.status }).from(mailOutbox);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  }, 120_000);

  it('a connection that never gets a greeting fails its own email after a short timeout; the others go meanwhile', async () => {
    const { db } = await getTestDatabase();
    const smtp = await sink({ hangFirst: 1 });
    for (let i = 0; i < 30; i++) {
      await enqueueMail(db, { to: `h${i}@example.test`, template: 'gift-received', locale: 'es', data: giftMail(i) });
    }
    const greetingMs = 1_500;
    const mail = createMailService({ config: configFor(smtp.url), db, now: () => new Date(), timeouts: { greetingMs } });
    const started = performance.now();
    let othersDoneAt = 0;
    const watch = setInterval(() => {
      if (!othersDoneAt && smtp.received.length === 29) othersDoneAt = performance.now();
    }, 10);
    const result = await mail.flush();
    clearInterval(watch);
    await mail.stop();
    expect(result).toEqual({ sent: 29, failed: 1 });
    // The 29 arrived while the hung connection was still waiting for its greeting.
    expect(othersDoneAt).toBeGreaterThan(0);
    expect(othersDoneAt - started).toBeLessThan(greetingMs);
    const [failed] = await db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    expect(failed).toMatchObject({ attempts: 1 });
    expect(failed!.lastError).toMatch(/greeting/i);
    expect(new Set(smtp.received).size).toBe(29);
  }, 30_000);

  it('a hung server costs each connection one greeting timeout, then the worker stops trying until the next pass', async () => {
    const { db } = await getTestDatabase();
    const smtp = await sink({ mode: 'hang' });
    for (let i = 0; i < 40; i++) {
      await enqueueMail(db, { to: `g${i}@example.test`, template: 'verify-email', locale: 'en', data: { url: 'http://localhost:3000/g' } });
    }
    const mail = createMailService({ config: configFor(smtp.url), db, now: () => new Date(), timeouts: { greetingMs: 500 } });
    const started = performance.now();
    expect(await mail.flush()).toEqual({ sent: 0, failed: SMTP_POOL_SIZE });
    // One round of timeouts in parallel, not 40 of them one after another.
    expect(performance.now() - started).toBeLessThan(5_000);
    const due = await db.select().from(mailOutbox).where(eq(mailOutbox.attempts, 0));
    expect(due).toHaveLength(40 - SMTP_POOL_SIZE);
    expect(due.every((m) => m.status === 'pending' && m.nextAttemptAt.getTime() <= Date.now())).toBe(true);
    await mail.stop();
  }, 30_000);

  it('a mail that follows another waits until that one is sent, and is dropped if it fails for good', async () => {
    const { db } = await getTestDatabase();
    const smtp = await sink({ mode: 'refuse' });
    const gift = await enqueueMail(db, { to: 'lucia@example.test', template: 'gift-received', locale: 'es', data: giftMail(1) });
    const extension = await enqueueMail(db, {
      to: 'lucia@example.test',
      template: 'verify-email',
      locale: 'es',
      data: { url: 'http://localhost:3000/l' },
      afterMailId: gift.id,
    });
    const mail = createMailService({ config: configFor(smtp.url), db, now: () => new Date() });
    // The first is refused: the follower is not even tried.
    expect(await mail.flush()).toEqual({ sent: 0, failed: 1 });
    const [follower] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, extension.id));
    expect(follower).toMatchObject({ status: 'pending', attempts: 0 });

    // Accepted at its retry: both go, the follower after it, in one flush.
    smtp.mode = 'accept';
    await db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, gift.id));
    expect(await mail.flush()).toEqual({ sent: 2, failed: 0 });
    expect(smtp.messages.map((m) => m.raw.includes('code-1'))).toEqual([true, false]);

    // A follower of a mail that failed for good is dropped, never sent.
    const lost = await enqueueMail(db, { to: 'x@example.test', template: 'gift-received', locale: 'es', data: giftMail(2) });
    await db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.id, lost.id));
    const orphan = await enqueueMail(db, { to: 'x@example.test', template: 'verify-email', locale: 'es', data: { url: 'http://localhost:3000/x' }, afterMailId: lost.id });
    expect(await mail.flush()).toEqual({ sent: 0, failed: 0 });
    const [dropped] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, orphan.id));
    expect(dropped).toMatchObject({ status: 'failed', text: '', html: '' });
    expect(smtp.received).toEqual(['lucia@example.test', 'lucia@example.test']);
    await mail.stop();
  });
});
