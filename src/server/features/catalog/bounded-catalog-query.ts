import type { Executor } from '../../db/client';
import { searchSettings } from '../../db/query-helpers';

/**
 * How long one statement of a catalogue listing may run on PostgreSQL before the server
 * cancels it (answered 503). An ordinary listing takes a few milliseconds; the bound is for what
 * nobody foresaw (a plan gone wrong, a lock held by a migration). PGlite cannot cancel a
 * statement (it runs inside this process, with no timer to interrupt it): there what bounds a
 * listing is the search's own shape (docs/performance.md).
 */
export const CATALOG_STATEMENT_TIMEOUT_MS = 2000;

/**
 * Runs a catalogue listing's statements in one transaction with the search settings
 * (`searchSettings`: what `matchesFoldedSearch` relies on, and the statement timeout), which
 * end with it.
 */
export function boundedCatalogQuery<T>(
  db: Executor,
  { statementTimeoutMs = CATALOG_STATEMENT_TIMEOUT_MS }: { statementTimeoutMs?: number },
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(searchSettings(statementTimeoutMs));
    return work(tx);
  });
}
