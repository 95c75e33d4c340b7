import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessRegistrationStatusSchema,
  confirmSessionResultSchema,
  confirmTokenInputSchema,
  confirmTokenResultSchema,
  interestInputSchema,
  interestResultSchema,
  linkPasswordInputSchema,
  linkPasswordResultSchema,
  passwordStatusSchema,
  registrationInputSchema,
  registrationResultSchema,
  resendInputSchema,
  resendResultSchema,
  setPasswordInputSchema,
  signupDraftResultSchema,
  signupDraftSchema,
} from '@shared/contracts/business-onboarding';
import { requireUser } from '../../platform/auth/guard';
import { clientKey, type RateLimitRule } from '../../platform/rate-limit';
import { unprovenMailLimits } from '../../platform/route-limits';
import { resendAddress } from './resend-confirmation';
import { openConfirmationLink } from './open-confirmation-link';
import { setLinkPassword } from './set-link-password';
import { confirmSession } from './confirm-session';
import { createSessionCookie } from '../../platform/auth/create-session-cookie';
import { isSignUpBrowser, signUpBrowserCookie } from '../../platform/auth/sign-up-browser';
import { getRegistrationStatus } from './get-registration-status';
import { getSignupDraft } from './get-signup-draft';
import { saveSignupDraft } from './save-signup-draft';
import { registerBusiness } from './register-business';
import { registerInterest } from './register-interest';
import { resendConfirmation } from './resend-confirmation';
import { hasGoogle, hasPassword, setPassword } from './set-password';
import { toFetchHeaders } from '../../platform/fetch-headers';

const REGISTRATIONS_PER_ACCOUNT: RateLimitRule = { limit: 10, windowMs: 60 * 60 * 1000 };
/** Confirmation tokens are long and random; this only keeps one address from hammering them. */
const CONFIRM_PER_IP: RateLimitRule = { limit: 30, windowMs: 10 * 60 * 1000 };

// Runs before body validation, so an anonymous submit is 401 (loginRequired), never 400.
async function signedIn(request: FastifyRequest) {
  await requireUser(request);
}

export const businessOnboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/business/interest',
    {
      // Mails an address nobody has proven: the one count every such route shares (ADR 054).
      config: { abuse: { does: ['sends-mail'], limits: unprovenMailLimits((request) => (request.body as { email: string }).email) } },
      schema: { body: interestInputSchema, response: { 201: interestResultSchema } },
    },
    async (request, reply) => {
      const result = await registerInterest(app.ctx, request.body);
      // The browser that asked is the one the confirmation page may name the address to.
      reply.header('set-cookie', signUpBrowserCookie(app.ctx.config.authSecret, result.email, app.ctx.config.publicUrl.startsWith('https://')));
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/business/interest/confirm',
    {
      config: { abuse: { does: ['looks-up-code'], limits: [{ name: 'interest-confirm-ip', rule: CONFIRM_PER_IP, key: clientKey }] } },
      schema: { body: confirmTokenInputSchema, response: { 200: confirmTokenResultSchema } },
    },
    async (request, reply) => {
      const result = await openConfirmationLink(app.ctx, request.body, (email) => isSignUpBrowser(request, app.ctx.config.authSecret, email));
      return reply.header('cache-control', 'no-store').send(result);
    },
  );

  app.post(
    '/api/business/interest/password',
    {
      // A link's token, like the confirmation above; hashing the new password is argon2's
      // full cost, so the same per-address count bounds that too.
      config: { abuse: { does: ['looks-up-code', 'checks-password'], limits: [{ name: 'interest-password-ip', rule: CONFIRM_PER_IP, key: clientKey }] } },
      schema: { body: linkPasswordInputSchema, response: { 200: linkPasswordResultSchema } },
    },
    async (request, reply) => {
      const { userId } = await setLinkPassword(app.ctx, request.body);
      // The person proved the mailbox and typed its address: this browser may go on in the wizard.
      const cookie = await createSessionCookie(app.ctx.auth, userId, {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.header('set-cookie', cookie).header('cache-control', 'no-store').send({ status: 'confirmed' as const, signedIn: true as const });
    },
  );

  app.post(
    '/api/business/interest/resend',
    {
      // Counted against the address the mail goes to: the one typed, or the one the old
      // link's record holds (the database's value, not the token typed).
      config: {
        abuse: {
          does: ['sends-mail', 'looks-up-code'],
          limits: unprovenMailLimits((request) => resendAddress(app.ctx.db, request.body as { token?: string; email?: string })),
        },
      },
      schema: { body: resendInputSchema, response: { 202: resendResultSchema } },
    },
    async (request, reply) => {
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
    return { hasPassword: await hasPassword(app.ctx.db, user.id), hasGoogle: await hasGoogle(app.ctx.db, user.id) };
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
    {
      onRequest: signedIn,
      // Mails the owner (a proven address) that the application arrived.
      config: { abuse: { does: ['sends-mail'], limits: [{ name: 'registration-account', rule: REGISTRATIONS_PER_ACCOUNT, key: async (request) => (await requireUser(request)).id }] } },
      schema: { body: registrationInputSchema, response: { 201: registrationResultSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const result = await registerBusiness(app.ctx, user.id, request.body);
      return reply.status(201).send(result);
    },
  );

  // The wizard's step 1 kept with the account until it is submitted (ADR 066): always the
  // caller's own row, no id in the path.
  app.get(
    '/api/business/signup-draft',
    { schema: { response: { 200: signupDraftResultSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.header('cache-control', 'no-store').send(await getSignupDraft(app.ctx.db, user.id));
    },
  );

  app.put(
    '/api/business/signup-draft',
    { onRequest: signedIn, schema: { body: signupDraftSchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      await saveSignupDraft(app.ctx.db, user.id, request.body, app.ctx.now());
      return reply.status(204).send();
    },
  );
};
