import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { cookieValue } from './guard';

/**
 * A confirmation link signs in only the browser that asked for it (ADR 054: a link used to
 * sign in whoever opened it, so an attacker could sign a victim's browser into the attacker's
 * account — login CSRF). The browser that signs up gets this cookie, an HMAC of the address
 * it signed up with; a link opened where the cookie names that address signs in, anywhere
 * else it only confirms the address and the person signs in with their password.
 */
export const SIGN_UP_BROWSER_COOKIE = 'regalo.sign-up';
/** As long as the longest confirmation link lives (business interest: 48 hours). */
const MAX_AGE_SECONDS = 48 * 60 * 60;

function bindingFor(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`sign-up-browser:${email.trim().toLowerCase()}`).digest('base64url');
}

/** The Set-Cookie that marks a browser as the one that asked to confirm `email`. */
export function signUpBrowserCookie(secret: string, email: string, secure: boolean): string {
  return [
    `${SIGN_UP_BROWSER_COOKIE}=${bindingFor(secret, email)}`,
    `Max-Age=${MAX_AGE_SECONDS}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** Whether this request comes from the browser that signed up with `email`. */
export function isSignUpBrowser(request: FastifyRequest, secret: string, email: string): boolean {
  const value = cookieValue(request.headers.cookie ?? '', SIGN_UP_BROWSER_COOKIE);
  if (typeof value !== 'string') return false;
  const expected = Buffer.from(bindingFor(secret, email));
  const given = Buffer.from(value);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The account a Better Auth request confirmed, if it did. Better Auth signs nobody in after
 * a confirmation (autoSignInAfterVerification is off); its afterEmailVerification hook marks
 * the Fetch request here, and the route that passed the request in decides, from this
 * browser's cookie, whether to sign it in. Keyed weakly: nothing outlives the request.
 */
const confirmedBy = new WeakMap<Request, { id: string; email: string }>();

export function markConfirmed(request: Request | undefined, user: { id: string; email: string }): void {
  if (request) confirmedBy.set(request, { id: user.id, email: user.email });
}

export function accountConfirmedBy(request: Request): { id: string; email: string } | undefined {
  return confirmedBy.get(request);
}
