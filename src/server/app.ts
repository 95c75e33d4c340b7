import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { healthRoutes } from './features/health/routes';
import type { AppContext } from './platform/context';
import { registerErrorHandling } from './platform/errors';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerWebApp } from './platform/web-app';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Serve the built SPA from this folder (default dist/web); false for API-only tests. */
  webRoot?: string | false;
  now?: () => Date;
  logger?: boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Builds the whole server without listening; main.ts listens, tests call `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    // Keep a caller's request id (from a proxy) when it is sane, so logs join up end to end.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    now: options.now ?? (() => new Date()),
  };
  app.decorate('ctx', ctx);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, config.isProduction);

  await app.register(healthRoutes);

  await registerWebApp(app, options.webRoot === false ? null : options.webRoot);

  return app;
}
