import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A pass's serial number and its authentication token (ADR 107), derived from the gift's
 * code with the server's secret: whoever has them can only have had the code (or the pass,
 * which the code downloads), so they reveal no more than the gift page link does, and a leak
 * of the database's wallet tables (which keep only the serial's hash) opens no gift.
 */
export function passSerial(authSecret: string, giftCode: string): string {
  return createHmac('sha256', authSecret).update(`wallet-serial\0${giftCode}`).digest('base64url');
}

export function passAuthToken(authSecret: string, giftCode: string): string {
  return createHmac('sha256', authSecret).update(`wallet-token\0${giftCode}`).digest('base64url');
}

/** What the database keeps of a serial: the web service finds the pass by it. */
export function serialHash(serial: string): string {
  return createHash('sha256').update(serial).digest('hex');
}

/** Compares a presented token in constant time. */
export function isPassAuthToken(authSecret: string, giftCode: string, presented: string): boolean {
  const expected = Buffer.from(passAuthToken(authSecret, giftCode));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
