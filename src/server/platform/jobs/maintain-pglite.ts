import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export interface MaintenanceRun {
  /** Tables whose statistics were renewed (ANALYZE). */
  analyzed: string[];
  /** Tables vacuumed, and analyzed with it (VACUUM (ANALYZE)). */
  vacuumed: string[];
}

/**
 * PostgreSQL's own autovacuum rules, at its default settings: a table is vacuumed when its
 * dead rows pass 50 + 20 % of its rows or its rows inserted since the last vacuum pass
 * 1,000 + 20 %, and analyzed when its rows changed since the last analysis pass 50 + 10 %.
 * A table never analyzed (`reltuples` is -1) always is.
 */
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const VACUUM_INSERT_THRESHOLD = 1000;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

/**
 * PGlite runs PostgreSQL in single-user mode, with no autovacuum process: nothing else
 * ever analyzes or vacuums its tables. Without statistics the planner guesses, and its
 * plans take longer to make and to run (the gift page's query: 1.75 → 0.81 ms once
 * analyzed, measured in ADR 049); without vacuum, every updated or deleted row's old
 * version stays in the table for good. This does autovacuum's work with autovacuum's rules,
 * one table per statement, so requests interleave with it on PGlite's one connection.
 * PostgreSQL servers have autovacuum and never run it.
 */
export async function maintainPglite(db: Database): Promise<MaintenanceRun> {
  // Single-user mode seldom flushes the cumulative statistics to the views that count
  // changes per table; this makes the end of this statement flush them.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = (await db.execute(sql`
    select s.relname as name,
           s.n_dead_tup > ${VACUUM_THRESHOLD} + ${VACUUM_SCALE} * greatest(c.reltuples, 0)
             or s.n_ins_since_vacuum > ${VACUUM_INSERT_THRESHOLD} + ${VACUUM_SCALE} * greatest(c.reltuples, 0) as vacuum,
           c.reltuples < 0
             or s.n_mod_since_analyze > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE} * greatest(c.reltuples, 0) as analyze
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'
    order by s.relname
  `)) as unknown as { rows: { name: string; vacuum: boolean; analyze: boolean }[] };
  const run: MaintenanceRun = { analyzed: [], vacuumed: [] };
  for (const table of result.rows) {
    if (table.vacuum) {
      await db.execute(sql`vacuum (analyze) ${sql.identifier(table.name)}`);
      run.vacuumed.push(table.name);
    } else if (table.analyze) {
      await db.execute(sql`analyze ${sql.identifier(table.name)}`);
      run.analyzed.push(table.name);
    }
  }
  return run;
}
