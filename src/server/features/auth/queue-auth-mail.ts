import { enqueueMail } from '../../mail/enqueue-mail';
import type { QueueAuthMail } from '../../platform/auth/auth';

/**
 * Queues the sign-in adapter's mails (account exists, confirm the address, reset the password)
 * with the mail module's wording. Handed to `createAuth` when the server starts, so the adapter
 * asks for a mail by name and never holds product text (ADR 102).
 */
export const queueAuthMail: QueueAuthMail = async (db, mail) => {
  const { to, locale } = mail;
  switch (mail.template) {
    case 'account-exists':
      return enqueueMail(db, { to, locale, template: mail.template, data: mail.data });
    case 'verify-email':
      return enqueueMail(db, { to, locale, template: mail.template, data: mail.data });
    case 'reset-password':
      return enqueueMail(db, { to, locale, template: mail.template, data: mail.data });
  }
};
