import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { startDatabaseProxy } from '../../testing/database-proxy';
import { createScratchDatabase, waitFor } from '../../testing/server-process';
import { countBy, startSmtpSink } from '../../testing/smtp-sink';
import { testDatabaseKind } from '../../testing/test-database';
import { enqueueMail } from '../../mail/enqueue-mail';
import { createMailService, SMTP_POOL_SIZE } from './mail-worker';

const configFor = (smtpUrl: string) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/regalo-mail-test',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    MAIL_FROM: 'Regalo <hola@regalo.test>',
    SMTP_URL: smtpUrl,
  });

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

/**
 * A database restart during a mail pass (ADR 057): the relay has accepted some emails, and
 * the UPDATE that records them fails because PostgreSQL is away. The worker talks to the
 * database through a proxy the test cuts while the relay holds its 250. PostgreSQL only:
 * PGlite runs inside the process and cannot go away on its own.
 */
describe.runIf(testDatabaseKind() === 'postgresql')('mail worker: the database goes away between the relay’s 250 and the update', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('records each accepted email once the database answers, hands untried ones back at once, and sends every email exactly once', async () => {
    const baseUrl = process.env.TEST_DATABASE_URL!;
    const proxy = await startDatabaseProxy(new URL(baseUrl));
    cleanup.push(() => proxy.close());
    const scratch = await createScratchDatabase(baseUrl, 'regalo_mail_outage');
    cleanup.push(() => scratch.drop());
    const direct = await openDatabase({ kind: 'postgresql', url: scratch.url }, { poolSize: 2 });
    cleanup.push(() => direct.close());
    await direct.migrate();
    const total = 20;
    for (let i = 0; i < total; i++) {
      await enqueueMail(direct.db, { to: `r${i}@example.test`, template: 'gift-received', locale: 'es', data: giftMail(i) });
    }

    const through = await openDatabase({ kind: 'postgresql', url: proxy.urlFor(scratch.url), connectTimeoutMs: 1000, statementTimeoutMs: 1000 }, { poolSize: 5 });
    through.onConnectionError(() => undefined);
    cleanup.push(() => through.close());
    const smtp = await startSmtpSink();
    cleanup.push(() => smtp.close());
    const hold = smtp.holdReplies();
    // The worker's clock: the test moves it past the claim lease at the end.
    let later = 0;
    const mail = createMailService({ config: configFor(smtp.url), db: through.db, now: () => new Date(Date.now() + later) });
    cleanup.push(() => mail.stop());

    const pass = mail.flush();
    // Every lane has handed its email over and waits for the relay's 250.
    await waitFor(() => hold.waiting(), (n) => n === SMTP_POOL_SIZE, 20_000, 10);
    proxy.cut();
    hold.release();
    // Each lane's UPDATE finds the database gone (its connection attempts are refused).
    await waitFor(() => proxy.refused(), (n) => n >= SMTP_POOL_SIZE, 20_000, 10);
    expect(smtp.received).toHaveLength(SMTP_POOL_SIZE);
    proxy.restore();

    // The pass ends once the outcomes are written: the accepted emails are sent, not failed.
    const first = await pass.catch((error: Error) => error.message);
    expect.soft(first).toEqual({ sent: SMTP_POOL_SIZE, failed: 0 });
    // The emails no lane had reached were handed back: the next pass sends them, no lease to wait out.
    expect.soft(await mail.flush().catch((error: Error) => error.message)).toEqual({ sent: total - SMTP_POOL_SIZE, failed: 0 });
    // Past every lease, nothing is left to send again.
    later = 10 * 60_000;
    expect.soft(await mail.flush().catch((error: Error) => error.message)).toEqual({ sent: 0, failed: 0 });

    const perAddress = countBy(smtp.received);
    expect(perAddress.size).toBe(total);
    expect([...perAddress.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    const rows = await direct.db.select({ status: mailOutbox.status, attempts: mailOutbox.attempts, lastError: mailOutbox.lastError }).from(mailOutbox);
    expect(rows).toHaveLength(total);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.lastError === null)).toBe(true);
  }, 60_000);
});
