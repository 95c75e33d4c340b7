import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { getGiftPage } from '../get-gift-page';
import { APPLE_WEB_SERVICE_PATH, PKPASS_CONTENT_TYPE } from './build-apple-pass';
import { findAuthorizedWalletPass } from './find-wallet-pass';
import { issueApplePass } from './issue-apple-pass';
import { listUpdatedPasses } from './list-updated-passes';
import { registerWalletDevice, unregisterWalletDevice } from './register-wallet-device';

type PassParams = { deviceLibraryIdentifier: string; passTypeIdentifier: string; serialNumber: string };

const registrationBody = z.object({ pushToken: z.string().min(1).max(200) });
const logBody = z.object({ logs: z.array(z.string().max(2000)).max(100) });
/** Wallet's "passes updated since" is the tag this service handed out: milliseconds. */
const updatedSince = (value: unknown) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? new Date(Number(value)) : null);

/**
 * Apple's PassKit web service for the gifts' passes (ADR 107), at the pass's `webServiceURL`.
 * Its callers are phones, not pages: no cookies, no Origin (the CSRF check lets this prefix
 * through), each pass authenticated by its own `ApplePass <token>`. Status codes as Apple
 * specifies them; without Apple Wallet settings there is no such service (404).
 */
export const walletRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.ctx;
  const v1 = `${APPLE_WEB_SERVICE_PATH}/v1`;

  app.addHook('onRequest', async (_request, reply) => {
    if (!config.wallet.apple) return reply.status(404).send();
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const empty = (reply: FastifyReply, status: number) => reply.status(status).send();
  /** The pass the request names and authenticates, or null when its token does not open it. */
  const authorizedPass = async (request: FastifyRequest) => {
    const { passTypeIdentifier, serialNumber } = request.params as PassParams;
    if (passTypeIdentifier !== config.wallet.apple!.passTypeId) return null;
    return findAuthorizedWalletPass(app.ctx.db, { serial: serialNumber, authorization: request.headers.authorization, authSecret: config.authSecret });
  };

  app.post(`${v1}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`, async (request, reply) => {
    const pass = await authorizedPass(request);
    if (!pass) return empty(reply, 401);
    const body = registrationBody.safeParse(request.body);
    if (!body.success) return empty(reply, 400);
    const { deviceLibraryIdentifier } = request.params as PassParams;
    const result = await registerWalletDevice(app.ctx.db, { orderId: pass.orderId, deviceLibraryId: deviceLibraryIdentifier.slice(0, 200), pushToken: body.data.pushToken });
    return empty(reply, result === 'created' ? 201 : 200);
  });

  app.delete(`${v1}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`, async (request, reply) => {
    const pass = await authorizedPass(request);
    if (!pass) return empty(reply, 401);
    const { deviceLibraryIdentifier } = request.params as PassParams;
    await unregisterWalletDevice(app.ctx.db, { orderId: pass.orderId, deviceLibraryId: deviceLibraryIdentifier });
    return empty(reply, 200);
  });

  app.get(`${v1}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier`, async (request, reply) => {
    const { deviceLibraryIdentifier, passTypeIdentifier } = request.params as PassParams;
    if (passTypeIdentifier !== config.wallet.apple!.passTypeId) return empty(reply, 204);
    const since = updatedSince((request.query as { passesUpdatedSince?: unknown }).passesUpdatedSince);
    const updated = await listUpdatedPasses(app.ctx.db, { deviceLibraryId: deviceLibraryIdentifier, since, authSecret: config.authSecret });
    if (!updated) return empty(reply, 204);
    return reply.status(200).send(updated);
  });

  app.get(`${v1}/passes/:passTypeIdentifier/:serialNumber`, async (request, reply) => {
    const pass = await authorizedPass(request);
    if (!pass) return empty(reply, 401);
    // HTTP dates have whole seconds: a pass changed within the second asked about is sent again.
    const lastModified = new Date(Math.floor(pass.updatedAt.getTime() / 1000) * 1000);
    const ifModifiedSince = Date.parse(request.headers['if-modified-since'] ?? '');
    if (!Number.isNaN(ifModifiedSince) && lastModified.getTime() <= ifModifiedSince) return empty(reply, 304);
    const view = await getGiftPage(app.ctx.db, pass.code, app.ctx.now());
    if (!view) return empty(reply, 401);
    const body = await issueApplePass(app.ctx, { view, language: view.recipientLocale, apple: config.wallet.apple! });
    return reply.status(200).type(PKPASS_CONTENT_TYPE).header('last-modified', lastModified.toUTCString()).send(body);
  });

  app.post(`${v1}/log`, async (request, reply) => {
    const body = logBody.safeParse(request.body);
    if (body.success) for (const message of body.data.logs) request.log.warn({ wallet: 'apple' }, `Wallet: ${message}`);
    return empty(reply, 200);
  });
};
