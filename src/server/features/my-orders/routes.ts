import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myOrderListSchema } from '@shared/contracts/my-orders';
import { requireUser } from '../../platform/auth/guard';
import { listMyOrders } from './list-my-orders';

/** The gifts the signed-in user sent; never anyone else's. */
export const myOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/my/orders',
    { schema: { response: { 200: myOrderListSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return { items: await listMyOrders(app.ctx.db, user.id, app.ctx.now()) };
    },
  );
};
