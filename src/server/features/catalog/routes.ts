import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogBusinessDetailSchema,
  catalogBusinessesQuerySchema,
  catalogBusinessPageSchema,
  catalogBusinessParamsSchema,
  catalogGiftsQuerySchema,
} from '@shared/contracts/catalog';
import { requireUser } from '../../platform/auth/guard';
import { requestCacheVersions } from '../../platform/cache-versions';
import { readerLanguage } from '../../platform/page-language';
import { uncachedSearchLimits } from '../../platform/route-limits';
import { catalogCacheFor, encode, giftsPageAnswer, limitUncachedSearch } from './catalog-answers';
import { getCatalogBusiness } from './get-catalog-business';
import { listCatalogBusinesses } from './list-catalog-businesses';

const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * The consumer catalogue: listed businesses and their buyable gifts, for signed-in users.
 * Answers come from this server's catalogue cache while no gift or business has changed
 * anywhere (ADR 037); they are the same for every signed-in user.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = catalogCacheFor(app.ctx);

  // A search the cache does not hold is counted per address before it runs (ADR 054).
  const searches = { abuse: { does: [], limits: uncachedSearchLimits } };

  app.get('/api/catalog/businesses', { schema: { querystring: catalogBusinessesQuerySchema }, config: searches }, async (request, reply) => {
    await requireUser(request);
    const { category, q, page, pageSize } = request.query;
    const { catalog } = await requestCacheVersions(request);
    const reader = readerLanguage(request);
    const key = JSON.stringify(['businesses', reader, category ?? null, q || null, page, pageSize]);
    await limitUncachedSearch(request, reply, q, catalog, key);
    const body = await cache.through(catalog, key, async () =>
      encode(catalogBusinessPageSchema, await listCatalogBusinesses(app.ctx.db, request.query, reader)),
    );
    return reply.type(JSON_UTF8).send(body);
  });

  app.get('/api/catalog/businesses/:id', { schema: { params: catalogBusinessParamsSchema } }, async (request, reply) => {
    await requireUser(request);
    const { catalog } = await requestCacheVersions(request);
    const reader = readerLanguage(request);
    const key = JSON.stringify(['business', reader, request.params.id]);
    // A 404 (not listed) is thrown, and so never cached.
    const body = await cache.through(catalog, key, async () =>
      encode(catalogBusinessDetailSchema, await getCatalogBusiness(app.ctx.db, request.params.id, reader, app.ctx.now())),
    );
    return reply.type(JSON_UTF8).send(body);
  });

  app.get('/api/catalog/gifts', { schema: { querystring: catalogGiftsQuerySchema }, config: searches }, async (request, reply) => {
    await requireUser(request);
    return reply.type(JSON_UTF8).send(await giftsPageAnswer(request, request.query, reply));
  });
};
