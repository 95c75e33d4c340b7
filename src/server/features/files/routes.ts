import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicFileParamsSchema } from '@shared/contracts/files';
import { getPublicFile } from './get-public-file';

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/files/public/*',
    { schema: { params: publicFileParamsSchema } },
    async (request, reply) => {
      const file = await getPublicFile(app.ctx, request.params['*']);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', file.size)
        .header('Cache-Control', file.cacheControl)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .send(file.body);
    },
  );
};
