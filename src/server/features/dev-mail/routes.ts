import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { listDevMail } from './list-dev-mail';
import { renderMailbox } from './render-mailbox';

/**
 * The dev mailbox, only with DEV_TOOLS=on (config.ts refuses it on a reachable server). Both routes deliver due mail first, so a
 * test or a developer sees a mail as soon as the request that caused it has answered.
 */
export const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;

  app.get('/api/dev/mail', async (_request, reply) => {
    if (!config.devTools) throw AppError.notFound();
    await app.ctx.mail.flush();
    return reply.header('cache-control', 'no-store').send(await listDevMail(app.ctx.db));
  });

  // A real route, so it wins over the SPA's index.html fallback.
  app.get('/dev/mailbox', async (_request, reply) => {
    if (!config.devTools) throw AppError.notFound();
    await app.ctx.mail.flush();
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderMailbox(await listDevMail(app.ctx.db)));
  });
};
