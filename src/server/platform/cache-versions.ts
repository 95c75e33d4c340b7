import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
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

const perRequest = new WeakMap<FastifyRequest, Promise<CacheVersions>>();

/**
 * Read once per request: the session guard and the catalogue both key their caches on it, so
 * a signed-in catalogue request makes one round trip for both.
 */
export function requestCacheVersions(request: FastifyRequest): Promise<CacheVersions> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = readCacheVersions(request.server.ctx.db);
    perRequest.set(request, pending);
  }
  return pending;
}
