import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { createdAt } from './columns';

/**
 * The monthly statement emails already sent: one row per business and month, written in the
 * same transaction as the email's outbox row. The primary key is the claim: with several
 * servers running the job at once, only one insert wins, so each owner gets one email.
 */
export const statementEmails = pgTable(
  'statement_emails',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** `YYYY-MM`, the Madrid month the statement covers. */
    month: text('month').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.month] })],
);
