import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@shared/contracts/health';
import { pingDatabase } from '../../db/client';
import { AppError } from '../../platform/errors';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => {
    const { database, db } = app.ctx;
    if (!(await pingDatabase(db))) {
      throw new AppError('service_unavailable', 503, 'Database unreachable');
    }
    return { status: 'ok' as const, database: database.kind };
  });
};
