import type { FastifyRequest } from 'fastify';
import { readPurchaseToken } from '../../domain/orders/purchase-link';
import { cookieValue } from '../../platform/auth/guard';

/**
 * The guest's proof while paying (ADR 075): the purchase link's token in an HttpOnly cookie,
 * sent only to the API. It lets this browser follow its checkout and use the test payment
 * buttons, as a session does for a signed-in giver; a day is enough to pay.
 */
export const PURCHASE_COOKIE = 'regalo_purchase';
const MAX_AGE_SECONDS = 24 * 60 * 60;

export function purchaseCookieValue(token: string, secure: boolean): string {
  return `${PURCHASE_COOKIE}=${token}; Path=/api; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The checkout this browser's purchase cookie names, if it holds a valid one. */
export function guestCheckoutOf(request: FastifyRequest, secret: string, now: Date): string | null {
  const token = request.headers.cookie ? cookieValue(request.headers.cookie, PURCHASE_COOKIE) : undefined;
  if (!token) return null;
  const check = readPurchaseToken(secret, token, now);
  return check.ok ? check.checkoutId : null;
}
