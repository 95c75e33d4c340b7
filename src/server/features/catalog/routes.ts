import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogBusinessDetailSchema,
  catalogBusinessesQuerySchema,
  catalogBusinessPageSchema,
  catalogBusinessParamsSchema,
  catalogGiftPageSchema,
  catalogGiftsQuerySchema,
} from '@shared/contracts/catalog';
import { requireUser } from '../../platform/auth/guard';
import { getCatalogBusiness } from './get-catalog-business';
import { listCatalogBusinesses } from './list-catalog-businesses';
import { listCatalogGifts } from './list-catalog-gifts';

/** The consumer catalogue: listed businesses and their buyable gifts, for signed-in users. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/catalog/businesses',
    { schema: { querystring: catalogBusinessesQuerySchema, response: { 200: catalogBusinessPageSchema } } },
    async (request) => {
      await requireUser(request);
      return listCatalogBusinesses(app.ctx.db, request.query);
    },
  );

  app.get(
    '/api/catalog/businesses/:id',
    { schema: { params: catalogBusinessParamsSchema, response: { 200: catalogBusinessDetailSchema } } },
    async (request) => {
      await requireUser(request);
      return getCatalogBusiness(app.ctx.db, request.params.id);
    },
  );

  app.get(
    '/api/catalog/gifts',
    { schema: { querystring: catalogGiftsQuerySchema, response: { 200: catalogGiftPageSchema } } },
    async (request) => {
      await requireUser(request);
      return listCatalogGifts(app.ctx.db, request.query);
    },
  );
};
