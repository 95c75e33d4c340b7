import { createHash, randomBytes } from 'node:crypto';

/** Links in the confirmation mail stay valid this long (spec: 48 hours). */
export const CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;

/** 32 random bytes (256 bits), URL-safe: what goes into the mailed link. */
export function createConfirmationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The database keeps only this digest, so a leaked table holds no working links. */
export function hashConfirmationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function confirmationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/confirm?token=${encodeURIComponent(token)}&type=business`;
}
