import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '../db/client';
import { cacheVersions } from '../db/schema/cache-versions';

/**
 * The shared cache keys of ADR 037, as committed when read. `null` when the row is missing
 * (a wiped table before its next change): nothing may be served from a cache then.
 */
export interface CacheVersions {
  catalog: string | null;
  auth: string | null;
}

export async function readCacheVersions(db: Executor): Promise<CacheVersions> {
  const [row] = await db.select({ catalog: cacheVersions.catalog, auth: cacheVersions.auth }).from(cacheVersions);
  return { catalog: row?.catalog ?? null, auth: row?.auth ?? null };
}

/**
 * PGlite only (ADR 043): the versions held in memory, renewed by the NOTIFY that
 * cache_versions' own trigger sends at commit (migration 0004), so a cached session and a
 * catalogue hit make no statement at all. PGlite is one connection in this very process: every
 * write to the row is this server's, and its notification is handled before the committing
 * statement returns. PostgreSQL servers read the row per request instead: a notification from
 * another server could arrive after this server's next request has read its cache.
 */
class NotifiedCacheVersions {
  /** The last committed versions heard of, or null: read the row before trusting anything. */
  private known: CacheVersions | null = null;
  /** Moves on with every notification, so a read that overlapped one is not kept. */
  private heard = 0;
  /** False when listening could not start: then the row is read per request, as on PostgreSQL. */
  private readonly listening: Promise<boolean>;

  constructor(private readonly database: DatabaseHandle) {
    this.listening = this.start().then(
      () => true,
      () => false,
    );
  }

  private async start() {
    // The trigger notifies only sessions that ask (PostgreSQL's commits then take no NOTIFY lock).
    await this.database.db.execute(sql`select set_config('regalo.cache_versions_notify', 'on', false)`);
    await this.database.listen!(CACHE_VERSIONS_CHANNEL, (payload) => this.hear(payload));
  }

  private hear(payload: string) {
    this.heard++;
    const [catalog, auth] = payload.split(' ');
    this.known = catalog && auth ? { catalog, auth } : null;
  }

  async current(): Promise<CacheVersions> {
    if (!(await this.listening)) return readCacheVersions(this.database.db);
    if (this.known) return this.known;
    const heardBefore = this.heard;
    const read = await readCacheVersions(this.database.db);
    if (this.heard === heardBefore && read.catalog !== null && read.auth !== null) this.known = read;
    return read;
  }
}

export const CACHE_VERSIONS_CHANNEL = 'regalo_cache_versions';

// Keyed by the database, not the app: test apps on one PGlite share what it tells them.
const notified = new WeakMap<DatabaseHandle, NotifiedCacheVersions>();

function notifiedCacheVersions(database: DatabaseHandle): NotifiedCacheVersions | undefined {
  if (!database.listen) return undefined;
  let entry = notified.get(database);
  if (!entry) {
    entry = new NotifiedCacheVersions(database);
    notified.set(database, entry);
  }
  return entry;
}

const perRequest = new WeakMap<FastifyRequest, Promise<CacheVersions>>();

/**
 * Read once per request: the session guard and the catalogue both key their caches on it, so
 * a signed-in catalogue request makes one round trip for both (none on PGlite).
 */
export function requestCacheVersions(request: FastifyRequest): Promise<CacheVersions> {
  let pending = perRequest.get(request);
  if (!pending) {
    const { database } = request.server.ctx;
    pending = notifiedCacheVersions(database)?.current() ?? readCacheVersions(database.db);
    perRequest.set(request, pending);
  }
  return pending;
}
