import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOptionsSchema } from '@shared/contracts/auth';
import { AppError } from '../../platform/errors';
import { getSessionUser } from '../../platform/auth/guard';
import { clientKey, type PathAbuse, type RateLimitRule, type RouteAbuse } from '../../platform/rate-limit';
import { passwordLimits, unprovenMailLimits } from '../../platform/route-limits';
import { toFetchHeaders } from '../../platform/fetch-headers';
import { createSessionCookie } from '../../platform/auth/create-session-cookie';
import { accountConfirmedBy, isSignUpBrowser, signUpBrowserCookie } from '../../platform/auth/sign-up-browser';
import { landingAfterConfirmation } from './confirmation-landing';

const MINUTE = 60_000;
/** Tokens in links are long and random; this only keeps one address from hammering them. */
const LINK_TOKENS_PER_IP: RateLimitRule = { limit: 30, windowMs: MINUTE };

/** The signed-in account a Better Auth request guesses a password for (Better Auth refuses the anonymous). */
async function signedInAccount(request: FastifyRequest): Promise<string | undefined> {
  const user = await getSessionUser(request);
  return user ? `user:${user.id}` : undefined;
}

/** The account a sign-in names: its address as Better Auth looks it up. */
function signInAccount(request: FastifyRequest): string | undefined {
  const email = emailOf(request.body);
  return email === undefined ? undefined : `email:${email.trim().toLowerCase()}`;
}

function field(name: string) {
  return (request: FastifyRequest): string | undefined => {
    const value = (request.body as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' ? value : undefined;
  };
}

const linkTokens = (): RouteAbuse => ({
  does: ['looks-up-code'],
  limits: [{ name: 'link-token-ip', rule: LINK_TOKENS_PER_IP, key: clientKey }],
});

/**
 * Every Better Auth endpoint, with what it does and its limits (ADR 054). The catch-all
 * route below declares this table; the one rate-limit hook reads the entry for the path
 * asked, and a path that is not here answers 404 before Better Auth sees it. A test lists
 * Better Auth's own endpoints and fails for any missing here (src/server/declared-limits.int.test.ts).
 */
export const BETTER_AUTH_ABUSE: PathAbuse['byPath'] = {
  '/api/auth/sign-in/email': { does: ['checks-password'], limits: passwordLimits(signInAccount) },
  '/api/auth/verify-password': { does: ['checks-password'], limits: passwordLimits(signedInAccount) },
  '/api/auth/change-password': { does: ['checks-password'], limits: passwordLimits(signedInAccount) },
  '/api/auth/delete-user': { does: ['checks-password'], limits: passwordLimits(signedInAccount) },
  // Mail to an address nobody has proven yet: one shared count per address and per IP.
  '/api/auth/sign-up/email': { does: ['sends-mail'], limits: unprovenMailLimits((request) => emailOf(request.body)) },
  '/api/auth/request-password-reset': { does: ['sends-mail'], limits: unprovenMailLimits((request) => emailOf(request.body)) },
  '/api/auth/send-verification-email': { does: ['sends-mail'], limits: unprovenMailLimits((request) => emailOf(request.body)) },
  '/api/auth/change-email': { does: ['sends-mail'], limits: unprovenMailLimits(field('newEmail')) },
  '/api/auth/reset-password': linkTokens(),
  '/api/auth/reset-password/:token': linkTokens(),
  '/api/auth/verify-email': linkTokens(),
  '/api/auth/delete-user/callback': linkTokens(),
  // Nothing to bound: session reads and changes by their owner, OAuth round trips.
  '/api/auth/sign-in/social': null,
  '/api/auth/callback/:id': null,
  '/api/auth/get-session': null,
  '/api/auth/sign-out': null,
  '/api/auth/update-session': null,
  '/api/auth/update-user': null,
  '/api/auth/list-sessions': null,
  '/api/auth/revoke-session': null,
  '/api/auth/revoke-sessions': null,
  '/api/auth/revoke-other-sessions': null,
  '/api/auth/link-social': null,
  '/api/auth/list-accounts': null,
  '/api/auth/unlink-account': null,
  '/api/auth/refresh-token': null,
  '/api/auth/get-access-token': null,
  '/api/auth/account-info': null,
  '/api/auth/ok': null,
  '/api/auth/error': null,
  '/api/auth/sign-in/oauth2': null,
  '/api/auth/oauth2/callback/:providerId': null,
  '/api/auth/oauth2/link': null,
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
 * endpoints was stepped around with another spelling of the path, ADR 035).
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
 * told an attacker who has an account (ADR 035); the owner is mailed instead
 * (auth.ts, onExistingUserSignUp). The web only needs to know it may say "check your inbox".
 */
const SIGN_UP_ACCEPTED = JSON.stringify({ status: 'verification_sent' });

async function sendFetchResponse(reply: FastifyReply, response: Response, path: string, extraCookies: string[] = [], location?: string | null) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  if (location) reply.header('location', location);
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
 * body used to skip the per-email limit, ADR 035). A form naming it twice is refused:
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
    // The path is canonical (platform/canonical-path.ts), so it is what Better Auth routes.
    config: { abuse: { byPath: BETTER_AUTH_ABUSE } },
    handler: async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const fetchRequest = toFetchRequest(request, config.publicUrl);
      const response = await app.ctx.auth.handler(fetchRequest);
      const extraCookies: string[] = [];
      if (path === '/api/auth/sign-up/email' && response.ok) {
        const email = emailOf(request.body);
        if (email !== undefined) extraCookies.push(signUpBrowserCookie(config.authSecret, email, config.publicUrl.startsWith('https://')));
      }
      // A confirmation link signs in only the browser that signed up (login CSRF, ADR 054).
      const confirmed = accountConfirmedBy(fetchRequest);
      if (confirmed && isSignUpBrowser(request, config.authSecret, confirmed.email)) {
        extraCookies.push(
          await createSessionCookie(app.ctx.auth, confirmed.id, { ipAddress: request.ip, userAgent: request.headers['user-agent'] }),
        );
      }
      // The page the link lands on says the address is confirmed, and how many guest purchases wait for it.
      const location = confirmed ? await landingAfterConfirmation(app.ctx.db, app.ctx.now(), confirmed.email, response.headers.get('location')) : undefined;
      return sendFetchResponse(reply, response, path, extraCookies, location);
    },
  });
};
