import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A link that works without an account carries its own proof: it names one purchase
 * (checkout) and the moment it stops working, signed with HMAC-SHA256 under the server's
 * secret and a purpose, so a token made for one kind of link never opens another kind.
 *   <checkout uuid>~<end, unix ms>~<signature, base64url>
 * (`~`, not `.`: the web app serves no document for a path that looks like a file name.)
 * Used by the withdrawal link (ADR 064) and the guest's purchase link (ADR 075).
 */
function sign(secret: string, purpose: string, checkoutId: string, expiresAtMs: number): string {
  return createHmac('sha256', secret).update(`${purpose}:${checkoutId}:${expiresAtMs}`).digest('base64url');
}

export function createCheckoutToken(secret: string, purpose: string, checkoutId: string, expiresAt: Date): string {
  const ms = expiresAt.getTime();
  return `${checkoutId}~${ms}~${sign(secret, purpose, checkoutId, ms)}`;
}

export type CheckoutTokenCheck = { ok: true; checkoutId: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks the signature first (in constant time), then the end: the signed one, or what
 * `endOf` makes of it (the withdrawal link's right can last longer than its text says).
 */
export function readCheckoutToken(
  secret: string,
  purpose: string,
  token: string,
  now: Date,
  endOf: (signedEnd: Date) => Date = (signedEnd) => signedEnd,
): CheckoutTokenCheck {
  const match = /^([0-9a-f-]{36})~(\d{1,15})~([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, checkoutId, msText, signature] = match as unknown as [string, string, string, string];
  const ms = Number(msText);
  const expected = Buffer.from(sign(secret, purpose, checkoutId, ms));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  const end = endOf(new Date(ms));
  if (now.getTime() > end.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, checkoutId, expiresAt: end };
}
