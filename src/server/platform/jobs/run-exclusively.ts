import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';

/**
 * Runs `task` unless another server is already running the job called `name`; returns
 * its result, or null when it was skipped. For jobs whose due items are not rows they can
 * claim one by one (files in storage): a transaction-scoped advisory lock, held while the
 * task runs and released by the commit (or by the connection dying with a killed process),
 * so two servers never work through the same items at once. The next tick finds what the
 * other server left. On PGlite there is one process by construction, and a transaction
 * held open would stall every other query of the server: the task simply runs.
 */
export async function runExclusively<T>(database: DatabaseHandle, name: string, task: () => Promise<T>): Promise<T | null> {
  if (database.kind === 'pglite') return task();
  return database.db.transaction(async (tx) => {
    const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`regalo-job:${name}`})) as locked`)) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!result.rows[0]?.locked) return null;
    return task();
  });
}
