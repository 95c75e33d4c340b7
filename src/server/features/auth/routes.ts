import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOptionsSchema } from '@shared/contracts/auth';
import { AppError } from '../../platform/errors';
import { clientKey, type RateLimitCheck, type RateLimitRule } from '../../platform/rate-limit';
import { toFetchHeaders } from '../../platform/fetch-headers';
import { createSessionCookie } from '../../platform/auth/create-session-cookie';
import { accountConfirmedBy, isSignUpBrowser, signUpBrowserCookie } from '../../platform/auth/sign-up-browser';

const MINUTE = 60_000;
const PER_IP: RateLimitRule = { limit: 30, windowMs: MINUTE };
const PER_EMAIL: RateLimitRule = { limit: 5, windowMs: MINUTE };
const MAIL_PER_EMAIL: RateLimitRule = { limit: 5, windowMs: 15 * MINUTE };

/** Which limits apply to which Better Auth endpoint. */
const limits: Record<string, { ip?: RateLimitRule; email?: RateLimitRule }> = {
  '/api/auth/sign-in/email': { ip: PER_IP, email: PER_EMAIL },
  '/api/auth/sign-up/email': { ip: PER_IP, email: PER_EMAIL },
  '/api/auth/request-password-reset': { ip: PER_IP, email: MAIL_PER_EMAIL },
  '/api/auth/send-verification-email': { ip: PER_IP, email: MAIL_PER_EMAIL },
};

/** Headers we set ourselves for Better Auth; a client must not be able to forge them. */
const CLIENT_IP_HEADER = 'x-regalo-client-ip';
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', CLIENT_IP_HEADER]);

function toFetchRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = toFetchHeaders(request, HOP_BY_HOP);
  // request.ip honours TRUST_PROXY, so Better Auth records the real client address.
  headers.set(CLIENT_IP_HEADER, request.ip);
  let body: string | undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined) {
    body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  }
  return new Request(new URL(request.url, publicUrl), { method: request.method, headers, body });
}

/**
 * Better Auth puts the session token in some JSON answers as well as in the HttpOnly
 * cookie. The web app never needs it, and script-readable tokens are what an XSS would
 * steal, so they are removed from every JSON answer, whatever endpoint gave it (a list of
 * endpoints was stepped around with another spelling of the path, issue 13).
 */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (key === 'token') continue;
      out[key] = key === 'session' ? withoutTokens(v) : v;
    }
    return out;
  }
  return value;
}

/**
 * What a successful sign-up answers, whatever happened. Better Auth answers an existing
 * address with a made-up user whose fields differ from a real new one (`locale: null`), which
 * told an attacker who has an account (issue 13, finding 6); the owner is mailed instead
 * (auth.ts, onExistingUserSignUp). The web only needs to know it may say "check your inbox".
 */
const SIGN_UP_ACCEPTED = JSON.stringify({ status: 'verification_sent' });

async function sendFetchResponse(reply: FastifyReply, response: Response, path: string, extraCookies: string[] = []) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  // Several Set-Cookie headers (session + cache + state) must each survive.
  const cookies = [...response.headers.getSetCookie(), ...extraCookies];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (path === '/api/auth/sign-up/email' && response.ok) {
    return reply.type('application/json; charset=utf-8').send(SIGN_UP_ACCEPTED);
  }
  if (response.ok && (response.headers.get('content-type') ?? '').includes('json') && text.length > 0) {
    const body: unknown = JSON.parse(text);
    return reply.send(JSON.stringify(Array.isArray(body) ? body.map(withoutTokens) : withoutTokens(body)));
  }
  return reply.send(text.length > 0 ? text : null);
}

/**
 * The email a Better Auth request names, from a JSON or a form-encoded body alike (a form
 * body used to skip the per-email limit, issue 13). A form naming it twice is refused:
 * we would count one and Better Auth might use the other.
 */
function emailOf(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const values = new URLSearchParams(body).getAll('email');
    if (values.length > 1) throw AppError.validation({ email: 'duplicate' });
    return values[0];
  }
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;

  // OAuth providers may post back forms; Better Auth parses the raw body itself.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, body);
  });

  app.get('/api/auth-options', { schema: { response: { 200: authOptionsSchema } } }, async () => ({
    google: Boolean(config.google),
  }));

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      // The path is canonical (platform/canonical-path.ts), so it is what Better Auth routes.
      const path = request.url.split('?')[0] ?? '';
      const rule = limits[path];
      if (rule) {
        const email = emailOf(request.body)?.trim().toLowerCase();
        const checks: RateLimitCheck[] = [];
        if (rule.ip) checks.push([`auth-ip:${path}:${clientKey(request)}`, rule.ip]);
        if (rule.email && email !== undefined) checks.push([`auth-email:${path}:${email}`, rule.email]);
        await app.limitRate(request, reply, checks);
      }
      const fetchRequest = toFetchRequest(request, config.publicUrl);
      const response = await app.ctx.auth.handler(fetchRequest);
      const extraCookies: string[] = [];
      if (path === '/api/auth/sign-up/email' && response.ok) {
        const email = emailOf(request.body);
        if (email !== undefined) extraCookies.push(signUpBrowserCookie(config.authSecret, email, config.publicUrl.startsWith('https://')));
      }
      // A confirmation link signs in only the browser that signed up (login CSRF, issue 27).
      const confirmed = accountConfirmedBy(fetchRequest);
      if (confirmed && isSignUpBrowser(request, config.authSecret, confirmed.email)) {
        extraCookies.push(
          await createSessionCookie(app.ctx.auth, confirmed.id, { ipAddress: request.ip, userAgent: request.headers['user-agent'] }),
        );
      }
      return sendFetchResponse(reply, response, path, extraCookies);
    },
  });
};
