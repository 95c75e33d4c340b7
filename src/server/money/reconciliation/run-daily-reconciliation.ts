import { desc } from 'drizzle-orm';
import { reconciliationRuns } from '../../db/schema/payouts';
import type { AppContext } from '../../platform/context';
import { runExclusively } from '../../platform/jobs/run-exclusively';
import { reconcileLedger, type ReconciliationResult } from './reconcile-ledger';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily reconciliation, checked hourly: one server at a time (advisory lock), and only
 * when the last run is a day old, so several servers and restarts make one run a day, each
 * covering the time since the previous one. The test provider's balance lives in the memory
 * of one process and is gone after a restart, so comparing against it would report every
 * older movement as missing: it is not reconciled (its tests call reconcileLedger directly).
 */
export async function runDailyReconciliation(ctx: Pick<AppContext, 'db' | 'database' | 'now' | 'payments'>): Promise<ReconciliationResult | null> {
  if (ctx.payments.name === 'test') return null;
  return runExclusively(ctx.database, 'ledger-reconciliation', async () => {
    const now = ctx.now();
    const [last] = await ctx.db.select({ to: reconciliationRuns.periodTo }).from(reconciliationRuns).orderBy(desc(reconciliationRuns.periodTo)).limit(1);
    if (last && now.getTime() - last.to.getTime() < DAY_MS) return null;
    return reconcileLedger(ctx, { from: last?.to ?? new Date(now.getTime() - DAY_MS), to: now });
  });
}
