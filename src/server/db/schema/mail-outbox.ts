import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { LOCALES } from '@shared/locale';
import { createdAt, id, sqlList, timestamptz } from './columns';

/** A file sent with a mail (a booking's calendar file): small text, kept only until the mail has left. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export const mailStatuses = ['pending', 'sent', 'failed'] as const;

/**
 * Every email is written here first and delivered by a worker with retries and back-off,
 * so a crash or restart never loses mail. Without SMTP_URL, delivery goes to the dev
 * mailbox (transport `dev`) which /api/dev/mail lists.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template').notNull(),
    locale: text('locale').notNull().default('en'),
    status: text('status').notNull().default('pending'),
    transport: text('transport'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
    /**
     * This mail waits until that one has been sent (and is dropped if it failed for good): a
     * recipient hears nothing about a gift (an extension, a reminder) before the gift itself.
     */
    afterMailId: uuid('after_mail_id').references((): AnyPgColumn => mailOutbox.id, { onDelete: 'set null' }),
    /** Files sent with it; blanked with the bodies once the mail has left. */
    attachments: jsonb('attachments').$type<MailAttachment[] | null>(),
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
    // The language the mail was written in: one Regalo speaks (ADR 068).
    check('mail_outbox_locale_check', sql`${t.locale} in (${sqlList(LOCALES)})`),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_after_idx').on(t.afterMailId).where(sql`${t.afterMailId} is not null`),
  ],
);
