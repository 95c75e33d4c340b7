import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sessionUserSchema, type SessionUser } from '@shared/contracts/session';
import { AppError } from '../errors';
import { sessions } from '../../db/schema/auth';
import { toFetchHeaders } from '../fetch-headers';
import { isPastAbsoluteLifetime } from './session-lifetime';

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

async function lookUp(request: FastifyRequest): Promise<SessionUser | null> {
  if (!request.headers.cookie) return null;
  const { auth, db, now } = request.server.ctx;
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
  return parsed.data;
}

/** The signed-in user of this request, or null. Looked up once per request. */
export function getSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookUp(request);
    cache.set(request, pending);
  }
  return pending;
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
