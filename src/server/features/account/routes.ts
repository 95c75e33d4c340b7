import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccountSchema } from '@shared/contracts/account';
import { requireUser } from '../../platform/auth/guard';
import { passwordLimits } from '../../platform/route-limits';
import { AppError } from '../../platform/errors';
import { toFetchHeaders } from '../../platform/fetch-headers';
import { deleteAccount } from './delete-account';
import { exportAccount } from './export-account';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/account/export', async (request, reply) => {
    const user = await requireUser(request);
    const data = await exportAccount(app.ctx.db, user.id, app.ctx.now());
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="regalo-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.delete(
    '/api/account',
    {
      // Who is asking comes before what they sent: anonymous callers get 401, not 400.
      onRequest: async (request) => {
        await requireUser(request);
      },
      // Checks the password: guesses count per account and per IP with every other check.
      config: { abuse: { does: ['checks-password'], limits: passwordLimits(async (request) => `user:${(await requireUser(request)).id}`) } },
      schema: { body: deleteAccountSchema },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const current = await app.ctx.auth.api.getSession({ headers: toFetchHeaders(request) });
      if (!current) throw AppError.unauthenticated();
      await deleteAccount({ db: app.ctx.db, storage: app.ctx.storage, log: request.log }, user, request.body, { createdAt: new Date(current.session.createdAt), now: app.ctx.now() });
      const cookies = (await app.ctx.auth.$context).authCookies;
      // The session rows are gone already; also tell the browser to drop its cookies.
      for (const cookie of [cookies.sessionToken, cookies.sessionData, cookies.dontRememberToken]) {
        reply.header('set-cookie', `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${cookie.attributes.secure ? '; Secure' : ''}`);
      }
      return reply.status(204).send();
    },
  );
};
