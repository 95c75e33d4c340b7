import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { catalogGiftPageSchema } from '@shared/contracts/catalog';
import { firstGiftsListing } from '@shared/contracts/catalog-options';
import { getSessionUser } from '../../platform/auth/guard';
import { readerLanguage } from '../../platform/page-language';
import { requestCacheVersions } from '../../platform/cache-versions';
import type { AppContext } from '../../platform/context';
import { CatalogCache } from './catalog-cache';
import { listCatalogGifts, type GiftFilters } from './list-catalog-gifts';

// One per app (tests build several in one process), shared by the catalogue's routes and the
// documents that name the gifts tab's first picture, so both read one cached answer.
const caches = new WeakMap<AppContext, CatalogCache>();

export function catalogCacheFor(ctx: AppContext): CatalogCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new CatalogCache(() => ctx.now());
    caches.set(ctx, cache);
  }
  return cache;
}

/**
 * An answer as JSON text, encoded through its contract exactly as the routes' response
 * serialiser would, once per cache fill instead of once per request (ADR 037).
 */
export function encode<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  return JSON.stringify(z.encode(schema, value));
}

/** Every filter, the sort and the page, in a fixed order: one cache entry per distinct listing. */
export function giftFiltersKey(query: GiftFilters): unknown[] {
  const { category, q, sort, page, pageSize, minPrice, maxPrice, district, forTwo } = query;
  return [category ?? null, q || null, sort, page, pageSize, minPrice ?? null, maxPrice ?? null, district ?? null, Boolean(forTwo)];
}

/**
 * Before a search runs: counted against the route's uncached-search limit (429 once over)
 * unless the catalogue cache already holds its answer, which costs nothing to send again.
 */
export async function limitUncachedSearch(request: FastifyRequest, reply: FastifyReply, q: string | undefined, version: string | null, key: string) {
  if (q && !catalogCacheFor(request.server.ctx).has(version, key)) await request.server.limitMisses(request, reply);
}

/**
 * One page of the gift listing as the API answers it (JSON), from the catalogue cache, per
 * reader's language. With `reply`, a search the cache does not hold counts against the
 * route's limit first (`limitUncachedSearch`).
 */
export async function giftsPageAnswer(request: FastifyRequest, query: GiftFilters, reply?: FastifyReply): Promise<string> {
  const { catalog } = await requestCacheVersions(request);
  const reader = readerLanguage(request);
  const key = JSON.stringify(['gifts', reader, ...giftFiltersKey(query)]);
  if (reply) await limitUncachedSearch(request, reply, query.q, catalog, key);
  return catalogCacheFor(request.server.ctx).through(catalog, key, async () =>
    encode(catalogGiftPageSchema, await listCatalogGifts(request.server.ctx.db, query, reader, request.server.ctx.now())),
  );
}

/**
 * The picture of the first gift the consumer's gifts tab shows (its first page, unfiltered),
 * which is that page's largest paint on a phone: the document names it so the browser fetches
 * it with the scripts instead of after them (ADR 048). Only for whoever may read the listing
 * (`requireUser`'s rule: signed in, address confirmed), and null when the first gift has no
 * picture. Read through the same cached answer as `GET /api/catalog/gifts`, so it follows
 * every change to the catalogue and costs no query while nothing changes.
 */
export async function firstGiftImage(request: FastifyRequest): Promise<string | null> {
  const user = await getSessionUser(request);
  if (!user?.emailVerified) return null;
  const { catalog } = await requestCacheVersions(request);
  const key = JSON.stringify(['first-gift-image', firstGiftsListing]);
  return catalogCacheFor(request.server.ctx).through(catalog, key, async () => {
    const answer = JSON.parse(await giftsPageAnswer(request, firstGiftsListing)) as { items: { imageUrl: string | null }[] };
    return answer.items[0]?.imageUrl ?? null;
  });
}
