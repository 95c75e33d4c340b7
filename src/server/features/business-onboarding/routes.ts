import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessRegistrationStatusSchema,
  confirmSessionResultSchema,
  confirmTokenInputSchema,
  confirmTokenResultSchema,
  interestInputSchema,
  interestResultSchema,
  passwordStatusSchema,
  registrationInputSchema,
  registrationResultSchema,
  resendInputSchema,
  resendResultSchema,
  setPasswordInputSchema,
} from '@shared/contracts/business-onboarding';
import { requireUser } from '../../platform/auth/guard';
import { clientKey, type RateLimitRule } from '../../platform/rate-limit';
import { confirmInterest } from './confirm-interest';
import { confirmSession } from './confirm-session';
import { createSessionCookie } from '../../platform/auth/create-session-cookie';
import { getRegistrationStatus } from './get-registration-status';
import { registerBusiness } from './register-business';
import { registerInterest } from './register-interest';
import { resendConfirmation } from './resend-confirmation';
import { hasPassword, setPassword } from './set-password';
import { toFetchHeaders } from '../../platform/fetch-headers';

const HOUR = 60 * 60 * 1000;
/** Enough for a person retrying; too few to spam an inbox or create accounts in bulk. */
const limits = {
  interestIp: { limit: 10, windowMs: HOUR },
  interestEmail: { limit: 3, windowMs: HOUR },
  resendIp: { limit: 10, windowMs: HOUR },
  resendTarget: { limit: 3, windowMs: HOUR },
  confirmIp: { limit: 30, windowMs: 10 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

// Runs before body validation, so an anonymous submit is 401 (loginRequired), never 400.
async function signedIn(request: FastifyRequest) {
  await requireUser(request);
}

export const businessOnboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/business/interest',
    { schema: { body: interestInputSchema, response: { 201: interestResultSchema } } },
    async (request, reply) => {
      await app.limitRate(request, reply, [
        [`interest-ip:${clientKey(request)}`, limits.interestIp],
        [`interest-email:${request.body.email}`, limits.interestEmail],
      ]);
      const result = await registerInterest(app.ctx, request.body);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/business/interest/confirm',
    { schema: { body: confirmTokenInputSchema, response: { 200: confirmTokenResultSchema } } },
    async (request, reply) => {
      await app.limitRate(request, reply, [[`confirm-ip:${clientKey(request)}`, limits.confirmIp]]);
      const { userId, ...result } = await confirmInterest(app.ctx, request.body);
      if (userId) {
        const cookie = await createSessionCookie(app.ctx.auth, userId, {
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'],
        });
        reply.header('set-cookie', cookie);
      }
      return reply.header('cache-control', 'no-store').send(result);
    },
  );

  app.post(
    '/api/business/interest/resend',
    { schema: { body: resendInputSchema, response: { 202: resendResultSchema } } },
    async (request, reply) => {
      const target = request.body.token?.trim() || request.body.email?.trim().toLowerCase() || '';
      await app.limitRate(request, reply, [
        [`resend-ip:${clientKey(request)}`, limits.resendIp],
        [`resend-target:${target}`, limits.resendTarget],
      ]);
      await resendConfirmation(app.ctx, request.body);
      return reply.status(202).send({ status: 'sent' as const });
    },
  );

  app.post(
    '/api/business/confirm-session',
    { schema: { response: { 200: confirmSessionResultSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return confirmSession(app.ctx, user);
    },
  );

  app.get('/api/account/password', { schema: { response: { 200: passwordStatusSchema } } }, async (request) => {
    const user = await requireUser(request);
    return { hasPassword: await hasPassword(app.ctx.db, user.id) };
  });

  app.post(
    '/api/account/password',
    { onRequest: signedIn, schema: { body: setPasswordInputSchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      await setPassword(app.ctx, user.id, request.body.newPassword, toFetchHeaders(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/business/registration',
    { schema: { response: { 200: businessRegistrationStatusSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return getRegistrationStatus(app.ctx.db, user.id);
    },
  );

  app.post(
    '/api/business/registration',
    { onRequest: signedIn, schema: { body: registrationInputSchema, response: { 201: registrationResultSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const result = await registerBusiness(app.ctx, user.id, request.body);
      return reply.status(201).send(result);
    },
  );
};
