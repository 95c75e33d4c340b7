import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createTestApp } from '../../testing/test-app';
import { startSmtpSink, subjectOf, type SmtpSink } from '../../testing/smtp-sink';
import { getTestDatabase } from '../../testing/test-database';
import { enqueueMail } from '../../mail/enqueue-mail';
import { backoffMs, createMailService, MAX_MAIL_ATTEMPTS } from './mail-worker';

function configFor(smtpUrl?: string) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/regalo-mail-test',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    MAIL_FROM: 'Regalo <hola@regalo.test>',
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
  });
}


describe('mail outbox delivery', () => {
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(() => smtp.close());

  it('delivers through SMTP with the subject in the recipient’s language', async () => {
    const { db } = await getTestDatabase();
    const mail = createMailService({ config: configFor(smtp.url), db, now: () => new Date() });
    await enqueueMail(db, { to: 'ana@example.test', template: 'verify-email', locale: 'es', data: { url: 'http://localhost:3000/api/auth/verify-email?token=abc' } });
    await enqueueMail(db, { to: 'bob@example.test', template: 'reset-password', locale: 'en', data: { url: 'http://localhost:3000/api/auth/reset-password/xyz' } });
    expect(await mail.flush()).toEqual({ sent: 2, failed: 0 });
    await mail.stop();

    const toAna = smtp.messages.find((m) => m.to.includes('ana@example.test'))!;
    const toBob = smtp.messages.find((m) => m.to.includes('bob@example.test'))!;
    expect(subjectOf(toAna.raw)).toBe('Confirma tu correo electrónico en Regalo');
    expect(subjectOf(toBob.raw)).toBe('Reset your Regalo password');
    expect(toBob.raw).toContain('http://localhost:3000/api/auth/reset-password/xyz');
    expect(toBob.raw).toMatch(/From: Regalo <hola@regalo\.test>/);
    const rows = await db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.transport === 'smtp' && r.attempts === 1 && r.sentAt)).toBe(true);
    // Nothing is delivered twice.
    expect(await createMailService({ config: configFor(smtp.url), db, now: () => new Date() }).flush()).toEqual({ sent: 0, failed: 0 });
  });

  it('retries a failing server with exponential back-off, then gives up as failed', async () => {
    const refusing = await startSmtpSink({ refuse: true });
    try {
      const { db } = await getTestDatabase();
      let now = new Date('2026-05-01T10:00:00Z');
      const mail = createMailService({ config: configFor(refusing.url), db, now: () => now });
      const { id } = await enqueueMail(db, { to: 'x@example.test', template: 'verify-email', locale: 'en', data: { url: 'http://localhost:3000/x' } });
      // The row is due "now" by the database clock; make it due by the injected one.
      await db.update(mailOutbox).set({ nextAttemptAt: now }).where(eq(mailOutbox.id, id));

      expect(await mail.flush()).toEqual({ sent: 0, failed: 1 });
      let [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.lastError).toMatch(/mailbox unavailable/);
      expect(row!.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);

      // Not due yet: nothing happens.
      now = new Date(now.getTime() + 29_000);
      expect(await mail.flush()).toEqual({ sent: 0, failed: 0 });

      for (let attempt = 2; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
        now = new Date(row!.nextAttemptAt.getTime());
        expect(await mail.flush()).toEqual({ sent: 0, failed: 1 });
        [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        expect(row!.attempts).toBe(attempt);
        expect(row!.nextAttemptAt.getTime()).toBe(now.getTime() + backoffMs(attempt));
      }
      expect(row!.status).toBe('failed');
      now = new Date(now.getTime() + 365 * 86_400_000);
      expect(await mail.flush()).toEqual({ sent: 0, failed: 0 });
      await mail.stop();
    } finally {
      await refusing.close();
    }
  });

  it('without SMTP_URL marks mail delivered to the dev mailbox', async () => {
    const { db } = await getTestDatabase();
    const mail = createMailService({ config: configFor(), db, now: () => new Date() });
    expect(mail.transport).toBe('dev');
    await enqueueMail(db, { to: 'dev@example.test', template: 'verify-email', locale: 'en', data: { url: 'http://localhost:3000/d' } });
    expect(await mail.flush()).toEqual({ sent: 1, failed: 0 });
    const [row] = await db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'sent', transport: 'dev' });
  });

  it('sends a mail enqueued in the same millisecond as the pass (the database keeps microseconds)', async () => {
    const { db } = await getTestDatabase();
    const passAt = new Date('2026-03-29T00:59:59.123Z');
    const mail = createMailService({ config: configFor(), db, now: () => passAt });
    const { id } = await enqueueMail(db, { to: 'same-ms@example.test', template: 'verify-email', locale: 'en', data: { url: 'http://localhost:3000/s' } });
    // As the database's now() would have written it, 0.9 ms after the pass's Date.
    await db.execute(sql`update mail_outbox set next_attempt_at = '2026-03-29T00:59:59.123900Z' where id = ${id}`);
    expect(await mail.flush()).toEqual({ sent: 1, failed: 0 });
  });

  it('writes mail inside the caller’s transaction: a rollback leaves no mail', async () => {
    const { db } = await getTestDatabase();
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, { to: 'r@example.test', template: 'verify-email', locale: 'en', data: { url: 'http://localhost:3000/r' } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('claims due rows with FOR UPDATE SKIP LOCKED so two workers never send one mail twice', async () => {
    const { db } = await getTestDatabase();
    for (let i = 0; i < 6; i++) {
      await enqueueMail(db, { to: `p${i}@example.test`, template: 'verify-email', locale: 'en', data: { url: 'http://localhost:3000/p' } });
    }
    const before = smtp.messages.length;
    const a = createMailService({ config: configFor(smtp.url), db, now: () => new Date() });
    const b = createMailService({ config: configFor(smtp.url), db, now: () => new Date() });
    const [ra, rb] = await Promise.all([a.flush(), b.flush()]);
    expect(ra.sent + rb.sent).toBe(6);
    expect(smtp.messages.length - before).toBe(6);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('runs in the background while the server listens, and stops with it', async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { id } = await enqueueMail(t.database.db, { to: 'bg@example.test', template: 'verify-email', locale: 'en', data: { url: 'http://localhost:3000/b' } });
      await vi.waitFor(
        async () => {
          const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
          expect(row!.status).toBe('sent');
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await t.close();
    }
  });
});
