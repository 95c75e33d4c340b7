import { normalizeTypedCode } from './typed-code';

/**
 * What a business may type or scan to redeem a gift (ADR 055): the whole
 * redemption code, the gift page's URL that the QR encodes (`…/g/<code>`), or the gift's
 * typed code ("K7QD-M2XA", see typed-code.ts). Whole codes are base64url; the shortest
 * allowed code carries 128 bits (22 characters). Nothing else reaches a gift: redeeming
 * needs what only the recipient holds.
 */
const MIN_CODE_LENGTH = 22;
const MAX_CODE_LENGTH = 128;
const CODE = /^[A-Za-z0-9_-]+$/;

export type RedemptionCodeInput =
  | { kind: 'code'; code: string }
  | { kind: 'typed'; typedCode: string }
  | { kind: 'invalid' };

/** Classifies what was typed or scanned; never throws. */
export function parseRedemptionInput(raw: string): RedemptionCodeInput {
  const value = raw.trim();
  if (/^https?:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return { kind: 'invalid' };
    }
    // The origin is not checked: the code is the secret, and a proxy may rename the host.
    const match = /^\/g\/([^/]+)\/?$/.exec(url.pathname);
    const code = match ? decodeURIComponent(match[1]!) : '';
    return isFullCode(code) ? { kind: 'code', code } : { kind: 'invalid' };
  }
  if (isFullCode(value)) return { kind: 'code', code: value };
  const typedCode = normalizeTypedCode(value);
  return typedCode ? { kind: 'typed', typedCode } : { kind: 'invalid' };
}

function isFullCode(value: string): boolean {
  return value.length >= MIN_CODE_LENGTH && value.length <= MAX_CODE_LENGTH && CODE.test(value);
}
