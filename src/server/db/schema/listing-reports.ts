import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { reportCategories, reportStatuses, reportTargets } from '@shared/domain/listing-reports';
import { LOCALES } from '@shared/locale';
import { users } from './auth';
import { businesses } from './businesses';
import { createdAt, id, sqlList, timestamptz } from './columns';
import { gifts } from './gifts';

/**
 * Reports of listings (DSA art. 16): anyone, signed in or not, may send one; the platform
 * team decides each once (a conditional update from `open`), in the same transaction as the
 * hiding, the audit row and the mails it sends.
 */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: id(),
    targetType: text('target_type').notNull(),
    /** The reported gift (null for a business report). */
    giftId: uuid('gift_id').references(() => gifts.id, { onDelete: 'cascade' }),
    /** The reported business, or the reported gift's business: who gets the statement of reasons. */
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    explanation: text('explanation').notNull(),
    /** Optional: where the acknowledgement and the decision go. */
    reporterEmail: text('reporter_email'),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /** The language of the page the report was sent from, for the mails to the reporter. */
    reporterLocale: text('reporter_locale').notNull().default('en'),
    status: text('status').notNull().default('open'),
    /** The team's reasons and the facts relied on, as the statement of reasons gives them. */
    decisionReason: text('decision_reason'),
    decisionFacts: text('decision_facts'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('listing_reports_target_type_check', sql`${t.targetType} in (${sqlList(reportTargets)})`),
    check('listing_reports_category_check', sql`${t.category} in (${sqlList(reportCategories)})`),
    check('listing_reports_status_check', sql`${t.status} in (${sqlList(reportStatuses)})`),
    check('listing_reports_reporter_locale_check', sql`${t.reporterLocale} in (${sqlList(LOCALES)})`),
    check('listing_reports_gift_target', sql`(${t.targetType} = 'gift') = (${t.giftId} is not null)`),
    index('listing_reports_queue_idx').on(t.status, t.createdAt),
  ],
);
