import type { Executor } from '../db/client';
import { mailOutbox, type MailAttachment } from '../db/schema/mail-outbox';
import { isLocale, type Locale } from '@shared/locale';
import { renderTemplate, type MailTemplateName, type MailTemplates } from './templates';

export interface EnqueueMailInput<K extends MailTemplateName> {
  to: string;
  template: K;
  locale: Locale;
  data: MailTemplates[K];
  /** Send only once this mail has been sent; drop it if that one fails for good. */
  afterMailId?: string | null;
  /** Files sent with it (a booking's calendar file). */
  attachments?: MailAttachment[];
}

/** A stored language (a user's, a recipient's, an owner's) as a mail language; undefined when it is none of ours. */
export function toMailLocale(value: unknown): Locale | undefined {
  return isLocale(value) ? value : undefined;
}

/**
 * Renders the email in the recipient's language and writes it to the outbox. Pass the
 * caller's transaction as `executor` so the mail exists if and only if the change that
 * caused it commits; the delivery worker sends it afterwards.
 */
export async function enqueueMail<K extends MailTemplateName>(
  executor: Executor,
  input: EnqueueMailInput<K>,
): Promise<{ id: string }> {
  const rendered = renderTemplate(input.template, input.data, input.locale);
  const [row] = await executor
    .insert(mailOutbox)
    .values({
      to: input.to,
      template: input.template,
      locale: input.locale,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      afterMailId: input.afterMailId ?? null,
      attachments: input.attachments?.length ? input.attachments : null,
    })
    .returning({ id: mailOutbox.id });
  return row!;
}
