import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The receipt email's "Withdraw from contract here" link (ADR 064): it works without an
 * account, so it carries its own proof. The token names one purchase (checkout) and the end
 * of its withdrawal period, signed with HMAC-SHA256 under the server's secret; it opens that
 * purchase's withdrawal form and nothing else of the account, and dies with the right.
 *   <checkout uuid>~<period end, unix ms>~<signature, base64url>
 * (`~`, not `.`: the web app serves no document for a path that looks like a file name.)
 */
const PURPOSE = 'regalo-withdrawal-link-v1';

function sign(secret: string, checkoutId: string, expiresAtMs: number): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${checkoutId}:${expiresAtMs}`).digest('base64url');
}

export function createWithdrawalToken(secret: string, checkoutId: string, expiresAt: Date): string {
  const ms = expiresAt.getTime();
  return `${checkoutId}~${ms}~${sign(secret, checkoutId, ms)}`;
}

export type WithdrawalTokenCheck = { ok: true; checkoutId: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks the signature first (in constant time), then the expiry. */
export function readWithdrawalToken(secret: string, token: string, now: Date): WithdrawalTokenCheck {
  const match = /^([0-9a-f-]{36})~(\d{1,15})~([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, checkoutId, msText, signature] = match as unknown as [string, string, string, string];
  const ms = Number(msText);
  const expected = Buffer.from(sign(secret, checkoutId, ms));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  if (now.getTime() > ms) return { ok: false, reason: 'expired' };
  return { ok: true, checkoutId, expiresAt: new Date(ms) };
}

/** Where the link opens: the web app's withdrawal page for that token. */
export function withdrawalLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/withdraw/link/${token}`;
}

/** The signed-in form of the same page (My orders, the thank-you page). */
export const withdrawalPagePath = (checkoutId: string) => `/withdraw/${checkoutId}`;
