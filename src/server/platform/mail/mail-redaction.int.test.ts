import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { getTestDatabase } from '../../testing/test-database';
import { enqueueMail } from '../../mail/enqueue-mail';
import { createMailService, MAX_MAIL_ATTEMPTS } from './mail-worker';

/**
 * ADR 035: rendered mails hold working links (verification, reset,
 * confirmation). Once a mail has left (or been given up on) its body is blanked; the
 * metadata stays for support. The dev mailbox is the delivery itself, so with DEV_TOOLS on
 * and no SMTP the body stays readable there.
 */
const configFor = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/regalo-mail-test', AUTH_SECRET: 'test-secret-test-secret-test-secret-0123', ...env });

const LINK = 'http://localhost:3000/api/auth/reset-password/secret-token-123';

describe('mail bodies after delivery', () => {
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(() => smtp.close());

  it('are blanked once sent through SMTP; the recipient got them whole, the metadata stays', async () => {
    const { db } = await getTestDatabase();
    const mail = createMailService({ config: configFor({ SMTP_URL: smtp.url }), db, now: () => new Date() });
    const { id } = await enqueueMail(db, { to: 'redact@example.test', template: 'reset-password', locale: 'en', data: { url: LINK } });
    await mail.flush();
    await mail.stop();
    // Quoted-printable folds long lines with a soft break (=CRLF).
    expect(smtp.messages.some(({ raw }) => raw.replace(/=\r?\n/g, '').includes(LINK))).toBe(true);
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ to: 'redact@example.test', template: 'reset-password', status: 'sent', text: '', html: '' });
    expect(row!.subject).toBe('Reset your Regalo password');
    expect(row!.sentAt).not.toBeNull();
  });

  it('are blanked when delivery is given up for good', async () => {
    const refusing = await startSmtpSink({ refuse: true });
    try {
      const { db } = await getTestDatabase();
      const { id } = await enqueueMail(db, { to: 'gone@example.test', template: 'reset-password', locale: 'en', data: { url: LINK } });
      await db.update(mailOutbox).set({ attempts: MAX_MAIL_ATTEMPTS - 1 }).where(eq(mailOutbox.id, id));
      const mail = createMailService({ config: configFor({ SMTP_URL: refusing.url }), db, now: () => new Date() });
      await mail.flush();
      await mail.stop();
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: 'failed', text: '', html: '' });
    } finally {
      await refusing.close();
    }
  });

  it('stay readable in the dev mailbox (DEV_TOOLS on), and are blanked when no one can read them', async () => {
    const { db } = await getTestDatabase();
    const withTools = createMailService({ config: configFor({ DEV_TOOLS: 'on' }), db, now: () => new Date() });
    const kept = await enqueueMail(db, { to: 'dev-kept@example.test', template: 'reset-password', locale: 'en', data: { url: LINK } });
    await withTools.flush();
    const [keptRow] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, kept.id));
    expect(keptRow!.text).toContain(LINK);

    const withoutTools = createMailService({ config: configFor({}), db, now: () => new Date() });
    const dropped = await enqueueMail(db, { to: 'dev-dropped@example.test', template: 'reset-password', locale: 'en', data: { url: LINK } });
    await withoutTools.flush();
    const [droppedRow] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, dropped.id));
    expect(droppedRow).toMatchObject({ status: 'sent', text: '', html: '' });
  });
});
