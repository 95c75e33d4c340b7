import { sign } from 'node:crypto';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A compact JWS: RS256 for Google's service account, ES256 for APNs (whose signature is the raw
 * r‖s pair JOSE asks for, not DER). node:crypto does both; no library needed.
 */
export function signJwt(alg: 'RS256' | 'ES256', keyPem: string, payload: object, header: Record<string, string> = {}): string {
  const input = `${part({ alg, typ: 'JWT', ...header })}.${part(payload)}`;
  const signature = sign('sha256', Buffer.from(input), alg === 'ES256' ? { key: keyPem, dsaEncoding: 'ieee-p1363' } : keyPem);
  return `${input}.${signature.toString('base64url')}`;
}
