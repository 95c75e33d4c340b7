import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Health } from '@shared/contracts/health';
import type { AppContext } from '../../platform/context';
import type { RateLimitStoreStatus } from '../../platform/rate-limit-store';

/** A dependency that takes longer than this to answer counts as failing. */
export const CHECK_TIMEOUT_MS = 2000;
/** Mail due for longer than this means the mail server is not taking it. */
const MAIL_DELAYED_SECONDS = 15 * 60;

type Checks = Health['checks'];

/**
 * Each dependency checked at once, each within CHECK_TIMEOUT_MS (issue 28, finding 4).
 * The database must take a committed write, not only answer `select 1`: with the disk full
 * or read-only it still answered while every write failed.
 */
export async function checkDependencies(ctx: AppContext, redis: RateLimitStoreStatus | null): Promise<Checks> {
  const [database, storage, mail] = await Promise.all([
    withinTimeout(canWrite(ctx)),
    withinTimeout(canStore(ctx)),
    withinTimeout(oldestDueMail(ctx)).then((answer) => (answer === false ? undefined : answer), () => undefined),
  ]);
  return {
    database: { status: database ? 'ok' : 'degraded' },
    storage: { status: storage ? 'ok' : 'degraded' },
    mail:
      mail === undefined
        ? { status: 'degraded', oldestDueSeconds: null }
        : { status: mail.seconds !== null && mail.seconds > MAIL_DELAYED_SECONDS ? 'degraded' : 'ok', oldestDueSeconds: mail.seconds },
    redis: { status: redis === null ? 'off' : redis.degraded ? 'degraded' : 'ok' },
  };
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

async function withinTimeout<T>(check: Promise<T>): Promise<T | false> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}
