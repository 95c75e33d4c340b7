import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupResultSchema, localBackupBodySchema } from '@shared/contracts/backup';
import { requireAdmin } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { publishLocalBackupEndpoint, type LocalBackupEndpoint } from './local-backup-endpoint';
import { writeBackup } from './write-backup';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Online backups (ADR 094): the platform team's "Back up now", and `npm run backup` asking
 * the running server on PGlite, whose database folder no other process may open.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  let endpoint: LocalBackupEndpoint | undefined;
  const { config, database } = app.ctx;
  if (database.kind === 'pglite' && config.database.kind === 'pglite' && config.database.dataDir !== 'memory://') {
    app.addHook('onListen', async () => {
      endpoint = publishLocalBackupEndpoint(config.dataDir, app.server.address());
    });
    app.addHook('onClose', async () => endpoint?.withdraw());
  }

  app.post('/api/admin/backups', { schema: { response: { 201: backupResultSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const result = await writeBackup(app.ctx, undefined);
    request.log.info({ admin: admin.id, folder: result.folder, bytes: result.databaseBytes }, 'backup written (admin action)');
    return reply.status(201).header('cache-control', 'no-store').send(result);
  });

  // The token is the whole check: without it (or from another machine) the route does not
  // exist, as far as the caller can tell.
  app.post('/api/local/backup', { schema: { body: localBackupBodySchema, response: { 201: backupResultSchema } } }, async (request, reply) => {
    if (!endpoint?.accepts(request.headers.authorization) || !LOOPBACK.has(request.socket.remoteAddress ?? '')) throw AppError.notFound();
    const result = await writeBackup(app.ctx, request.body.folder);
    request.log.info({ folder: result.folder, bytes: result.databaseBytes }, 'backup written (npm run backup)');
    return reply.status(201).send(result);
  });
};
