import { makeSignature } from 'better-auth/crypto';
import type { Auth } from './auth';

/**
 * Starts a Better Auth session for `userId` and returns the Set-Cookie value for it,
 * byte-for-byte what Better Auth's own setSessionCookie writes (signed token, the configured
 * cookie name and attributes, the session's lifetime as Max-Age), so `requireUser` and
 * GET /api/auth/get-session accept it like any sign-in.
 */
export async function createSessionCookie(
  auth: Auth,
  userId: string,
  client: { ipAddress?: string; userAgent?: string },
): Promise<string> {
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(userId, false, {
    ipAddress: client.ipAddress ?? '',
    userAgent: client.userAgent ?? '',
  });
  const signature = await makeSignature(session.token, context.secret);
  const { name, attributes } = context.authCookies.sessionToken;
  const parts = [
    `${name}=${encodeURIComponent(`${session.token}.${signature}`)}`,
    `Max-Age=${context.sessionConfig.expiresIn}`,
    `Path=${attributes.path ?? '/'}`,
  ];
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  if (attributes.httpOnly !== false) parts.push('HttpOnly');
  if (attributes.secure) parts.push('Secure');
  const sameSite = String(attributes.sameSite ?? 'lax');
  parts.push(`SameSite=${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1).toLowerCase()}`);
  return parts.join('; ');
}
