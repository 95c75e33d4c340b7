import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sessionUserSchema, type SessionUser } from '@shared/contracts/session';
import { AppError } from '../errors';
import { sessions } from '../../db/schema/auth';
import { requestCacheVersions } from '../cache-versions';
import type { AppContext } from '../context';
import { toFetchHeaders } from '../fetch-headers';
import { SessionCache } from './session-cache';
import { isPastAbsoluteLifetime } from './session-lifetime';

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

// One per app (tests build several in one process); keyed by its context, which every
// encapsulated plugin shares.
const sessionCaches = new WeakMap<AppContext, { cache: SessionCache; cookieName: Promise<string> }>();

function sessionCacheFor(ctx: AppContext) {
  let entry = sessionCaches.get(ctx);
  if (!entry) {
    entry = { cache: new SessionCache(), cookieName: ctx.auth.$context.then((c) => c.authCookies.sessionToken.name) };
    sessionCaches.set(ctx, entry);
  }
  return entry;
}

/**
 * The raw value of the session cookie: undefined when there is none, null when it appears
 * more than once (left to Better Auth to pick, and not cached).
 */
export function cookieValue(header: string, name: string): string | null | undefined {
  let found: string | undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    if (found !== undefined) return null;
    found = part.slice(eq + 1).trim();
  }
  return found;
}

async function lookUp(request: FastifyRequest): Promise<SessionUser | null> {
  if (!request.headers.cookie) return null;
  const ctx = request.server.ctx;
  const { auth, db, now } = ctx;
  const sessionCache = sessionCacheFor(ctx);
  const token = cookieValue(request.headers.cookie, await sessionCache.cookieName);
  if (token === undefined || token === '') return null;

  // Read before Better Auth's check, so a change committed meanwhile cannot be cached as valid.
  const { auth: version } = await requestCacheVersions(request);
  if (token !== null) {
    const hit = sessionCache.cache.get(token, version, Date.now());
    if (hit && !isPastAbsoluteLifetime(hit.sessionCreatedAt, now())) return hit.user;
  }

  const session = await auth.api.getSession({ headers: toFetchHeaders(request) });
  if (!session) return null;
  if (isPastAbsoluteLifetime(new Date(session.session.createdAt), now())) {
    // Past 90 days since sign-in: the session ends however recently it was used.
    await db.delete(sessions).where(eq(sessions.id, session.session.id));
    return null;
  }
  const parsed = sessionUserSchema.safeParse({ ...session.user, phone: session.user.phone ?? null, businessName: session.user.businessName ?? null });
  if (!parsed.success) {
    request.log.error({ userId: session.user.id, issues: parsed.error.issues }, 'session user does not match the contract');
    return null;
  }
  if (token !== null) {
    sessionCache.cache.set(token, version, {
      user: parsed.data,
      createdAt: new Date(session.session.createdAt),
      expiresAt: new Date(session.session.expiresAt),
    });
  }
  return parsed.data;
}

/**
 * The signed-in user of this request, or null. Looked up once per request, and answered from
 * this server's session cache while no user or session row has changed (ADR 037).
 */
export function getSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookUp(request);
    cache.set(request, pending);
  }
  return pending;
}

/**
 * The signed-in session this request comes with, as a counter key: the device someone uses
 * (a counter's tablet, a phone), so a limit can hold one device without holding the others
 * of the same account. A hash of the cookie, never the token. A request naming the session
 * cookie twice counts under its user, so junk second cookies cannot make fresh keys.
 * Call after requireUser.
 */
export async function sessionKey(request: FastifyRequest): Promise<string> {
  const user = await requireUser(request);
  const token = cookieValue(request.headers.cookie ?? '', await sessionCacheFor(request.server.ctx).cookieName);
  if (!token) return `user:${user.id}`;
  return `session:${createHash('sha256').update(token).digest('base64url')}`;
}

/**
 * A signed-in user with a confirmed email address. Password sign-in already refuses
 * unconfirmed addresses, so the 403 `email_not_verified` only guards against sessions made
 * some other way (e.g. an account created before verification was required).
 */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw AppError.unauthenticated();
  if (!user.emailVerified) throw new AppError('email_not_verified', 403, 'Confirm your email address first');
  return user;
}

/** A signed-in member of the platform team. */
export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw AppError.forbidden();
  return user;
}
