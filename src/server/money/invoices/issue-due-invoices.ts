import { madridMonthBounds, madridMonthOf } from '@shared/domain/statement-month';
import type { AppContext } from '../../platform/context';
import { findUninvoicedCommission, groupIntoUnits } from './find-uninvoiced-commission';
import { issueInvoice } from './issue-invoice';

export interface IssueRun {
  issued: { invoiceId: string; fullNumber: string; type: 'F1' | 'R1'; businessId: string }[];
  /** Businesses with commission due but no legal name, tax id or fiscal address: refused, not issued blank. */
  blocked: string[];
}

/**
 * The invoicing job: every month that has ended gets its invoices, whenever the job first
 * runs after it (the 1st in Madrid, or later: a fresh or long-stopped server catches up on
 * every past month), and every change of commission after an invoice gets its rectifying
 * invoice. Each unit is issued in its own short transaction under the chain lock
 * (`issueInvoice`), which re-checks what is due, so several servers running this at once
 * issue each invoice once. A month with no commission gets no invoice.
 */
export async function issueDueInvoices(ctx: Pick<AppContext, 'db' | 'now' | 'config'>): Promise<IssueRun> {
  const before = madridMonthBounds(madridMonthOf(ctx.now())).from;
  const units = groupIntoUnits(await findUninvoicedCommission(ctx.db, before));
  const run: IssueRun = { issued: [], blocked: [] };
  for (const unit of units) {
    const outcome = await issueInvoice(ctx, unit, before);
    if (outcome.kind === 'issued') run.issued.push({ invoiceId: outcome.invoiceId, fullNumber: outcome.fullNumber, type: outcome.type, businessId: unit.businessId });
    else if (outcome.kind === 'blocked' && !run.blocked.includes(unit.businessId)) run.blocked.push(unit.businessId);
  }
  return run;
}
