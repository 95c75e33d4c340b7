import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Health } from '@shared/contracts/health';
import type { AppContext } from '../../platform/context';

/** A dependency that takes longer than this to answer counts as failing (a slow write: busy). */
export const CHECK_TIMEOUT_MS = 2000;
/**
 * A committed write that takes longer than CHECK_TIMEOUT_MS but no longer than this is a busy
 * database, not one that cannot write: on PGlite the probe waits behind every request in the
 * single connection's queue. Past this, or failing, it cannot write.
 */
export const SLOW_WRITE_LIMIT_MS = 10_000;
/** On PGlite, a commit synced to disk this recently proves the disk takes writes. */
export const RECENT_DISK_SYNC_MS = 5_000;
/** One round of checks answers every health request of the following second. */
export const CHECKS_REUSED_MS = 1_000;
/** Mail due for longer than this means the mail server is not taking it. */
const MAIL_DELAYED_SECONDS = 15 * 60;

export type DependencyChecks = Omit<Health['checks'], 'redis'>;

/**
 * Health's checks, at most one round at a time per process, its result reused for
 * CHECKS_REUSED_MS (ADR 082: each probe wrote to the database and the storage, and under
 * load health cost more than any page). Requests that arrive during a round wait for it.
 */
export function createDependencyChecks(ctx: AppContext): () => Promise<DependencyChecks> {
  let round: Promise<DependencyChecks> | undefined;
  let last: { checks: DependencyChecks; at: number } | undefined;
  // The monotonic clock: a wall clock set back would keep an old answer for as long.
  return () => {
    if (last && performance.now() - last.at < CHECKS_REUSED_MS) return Promise.resolve(last.checks);
    round ??= checkDependencies(ctx)
      .then((checks) => {
        last = { checks, at: performance.now() };
        return checks;
      })
      .finally(() => {
        round = undefined;
      });
    return round;
  };
}

/**
 * Each dependency checked at once (ADR 056). The database must take a committed
 * write, not only answer `select 1`: with the disk full or read-only it still answered while
 * every write failed.
 */
export async function checkDependencies(ctx: AppContext): Promise<DependencyChecks> {
  const [database, storage, mail] = await Promise.all([
    databaseWrites(ctx),
    withinTimeout(canStore(ctx), CHECK_TIMEOUT_MS),
    withinTimeout(oldestDueMail(ctx), CHECK_TIMEOUT_MS).then((answer) => (answer === false ? undefined : answer), () => undefined),
  ]);
  return {
    database,
    storage: { status: storage ? 'ok' : 'degraded' },
    mail:
      mail === undefined
        ? { status: 'degraded', oldestDueSeconds: null }
        : { status: mail.seconds !== null && mail.seconds > MAIL_DELAYED_SECONDS ? 'degraded' : 'ok', oldestDueSeconds: mail.seconds },
  };
}

/**
 * `ok` when a write commits within CHECK_TIMEOUT_MS, `busy` when it commits later (within
 * SLOW_WRITE_LIMIT_MS), `degraded` when it fails or does not commit by then. On PGlite a
 * recent sync to disk (any request's commit) already proves it, and nothing is written.
 */
async function databaseWrites(ctx: AppContext): Promise<DependencyChecks['database']> {
  const synced = ctx.database.lastDiskSyncAt?.();
  if (synced !== undefined && performance.now() - synced < RECENT_DISK_SYNC_MS) return { status: 'ok' };
  const started = performance.now();
  const committed = await withinTimeout(canWrite(ctx), SLOW_WRITE_LIMIT_MS);
  const ms = performance.now() - started;
  if (!committed) return { status: 'degraded' };
  if (ms > CHECK_TIMEOUT_MS) return { status: 'busy', detail: `a write took ${(ms / 1000).toFixed(1)} s to commit` };
  return { status: 'ok' };
}

/**
 * A transaction that writes a tiny WAL record (a transactional logical message, which any
 * role may emit) and commits, so PostgreSQL flushes its WAL to disk (fsync'ed on PGlite too,
 * ADR 056): that fails on a read-only or failing disk and on a read-only standby. No table,
 * no row left behind. (A transaction id alone is not enough: a commit that wrote no WAL
 * before its commit record is not flushed.)
 */
async function canWrite(ctx: AppContext): Promise<boolean> {
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_logical_emit_message(true, 'regalo-health', '')`);
    });
    return true;
  } catch {
    return false;
  }
}

/** A tiny object written and deleted: the files' disk (or bucket) takes writes. */
async function canStore(ctx: AppContext): Promise<boolean> {
  const key = `health/${hostname().replace(/[^A-Za-z0-9._-]/g, '-') || 'server'}-${process.pid}`;
  try {
    await ctx.storage.put(key, Buffer.from('ok'), { contentType: 'text/plain' });
    await ctx.storage.delete(key);
    return true;
  } catch {
    return false;
  }
}

async function oldestDueMail(ctx: AppContext): Promise<{ seconds: number | null }> {
  const result = (await ctx.db.execute(sql`select extract(epoch from now() - min(next_attempt_at))::int as seconds
    from mail_outbox where status = 'pending' and next_attempt_at <= now()`)) as unknown as { rows: { seconds: number | null }[] };
  return { seconds: result.rows[0]?.seconds ?? null };
}

async function withinTimeout<T>(check: Promise<T>, ms: number): Promise<T | false> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}
