import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { AppError } from '../../platform/errors';
import { madridMonthOf, monthsBetween } from '@shared/domain/statement-month';

export interface StatementBusiness {
  id: string;
  name: string;
  createdAt: Date;
}

/** Any business by id, for the platform team; 404 when there is none. */
export async function findStatementBusiness(db: Executor, businessId: string): Promise<StatementBusiness> {
  const [row] = await db
    .select({ id: businesses.id, name: businesses.name, createdAt: businesses.createdAt })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!row) throw new AppError('not_found', 404, 'No such business');
  return row;
}

/** The months a business has statements for: its first month to the current one, newest first. */
export function statementMonthsOf(business: StatementBusiness, now: Date): string[] {
  return monthsBetween(madridMonthOf(business.createdAt), madridMonthOf(now));
}

/** A month outside the business's life has no statement (404), rather than an empty one. */
export function requireStatementMonth(business: StatementBusiness, month: string, now: Date): void {
  if (!statementMonthsOf(business, now).includes(month)) {
    throw new AppError('statement_not_found', 404, 'There is no statement for this month');
  }
}
