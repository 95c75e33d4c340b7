import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import { formatPrice } from '@shared/format';
import { addMonths, madridMonthBounds, madridMonthOf } from '@shared/domain/statement-month';
import { users } from '../../db/schema/auth';
import { businesses } from '../../db/schema/businesses';
import { statementEmails } from '../../db/schema/statements';
import type { AppContext } from '../../platform/context';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { monthName } from '../../mail/month-name';
import { getBusinessStatement } from './get-business-statement';

/** Businesses handled per run: a big backlog drains over a few runs instead of one long one. */
const BATCH = 50;

/**
 * Mails each approved business's owner the statement of the month that just ended, in their
 * language, from the first day of the next month on. It covers the last month only: a server
 * that was down for months does not flood owners with old statements (they are all in the
 * dashboard). One email per business and month even with several servers: the claim row in
 * `statement_emails` (primary key business + month) is inserted in the same transaction as
 * the outbox row, and only the insert that wins enqueues. A month with no movement and a zero
 * balance is claimed without an email. Returns the emails enqueued.
 */
export async function sendStatementEmails(ctx: Pick<AppContext, 'db' | 'now' | 'config'>): Promise<number> {
  const now = ctx.now();
  const month = addMonths(madridMonthOf(now), -1);
  const { to } = madridMonthBounds(month);
  const due = await ctx.db
    .select({
      id: businesses.id,
      name: businesses.name,
      createdAt: businesses.createdAt,
      ownerName: users.name,
      ownerEmail: users.email,
      ownerLocale: users.locale,
    })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.ownerId))
    .where(
      and(
        eq(businesses.verificationStatus, 'approved'),
        lt(businesses.createdAt, to),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(statementEmails)
            .where(and(eq(statementEmails.businessId, businesses.id), eq(statementEmails.month, month))),
        ),
      ),
    )
    .limit(BATCH);

  let sent = 0;
  for (const business of due) {
    const enqueued = await ctx.db.transaction(async (tx) => {
      const claimed = await tx.insert(statementEmails).values({ businessId: business.id, month, createdAt: now }).onConflictDoNothing().returning({ month: statementEmails.month });
      if (claimed.length === 0) return false; // another server got there first
      const statement = await getBusinessStatement(tx, business, month, now);
      if (statement.lines.length === 0 && statement.openingBalance === 0 && statement.closingBalance === 0) return false;
      const locale = toMailLocale(business.ownerLocale) ?? 'es';
      await enqueueMail(tx, {
        to: business.ownerEmail,
        template: 'monthly-statement',
        locale,
        data: {
          name: business.ownerName,
          businessName: business.name,
          month: monthName(month, locale),
          // The summary every surface reads: opening + each movement = closing, refunds and
          // reversals included, so the email adds up as it is read.
          opening: formatPrice(statement.summary.opening),
          paidShare: formatPrice(statement.summary.movements.paidShare),
          refundedShare: formatPrice(statement.summary.movements.refundedShare),
          transferred: formatPrice(statement.summary.movements.transferred),
          reversed: formatPrice(statement.summary.movements.reversed),
          invoiceVat: formatPrice(statement.summary.movements.invoiceVat),
          closing: formatPrice(statement.summary.closing),
          statementUrl: `${ctx.config.publicUrl}/business/dashboard?tab=payouts`,
        },
      });
      return true;
    });
    if (enqueued) sent += 1;
  }
  return sent;
}
