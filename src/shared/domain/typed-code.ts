/**
 * The code a person reads aloud and a business types at the counter when the QR cannot be
 * scanned (ADR 055): 8 characters of Crockford's base32 (40 random bits),
 * shown in two groups of four ("K7QD-M2XA"). Case does not matter, and the letters that look
 * like digits (O, I, L) are read as those digits, so whatever a person types from a screen or
 * a printed card finds the gift. It works only with the business's session and among that
 * business's gifts (the whole code in the QR remains the gift page's secret).
 */
export const TYPED_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TYPED_CODE_LENGTH = 8;
/** The stored form (no dash, upper case), also the database's CHECK. */
export const TYPED_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** The stored code as people see it: two groups of four. */
export function formatTypedCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * What was typed, as the stored code: spaces and dashes dropped, upper case, O → 0 and
 * I/L → 1 (Crockford's reading). Null when it cannot be a typed code.
 */
export function normalizeTypedCode(raw: string): string | null {
  const code = raw
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return TYPED_CODE_PATTERN.test(code) ? code : null;
}

/** 40 random bits (5 bytes) as 8 alphabet characters, 5 bits each. */
export function typedCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 5) throw new Error('a typed code needs 5 random bytes');
  let bits = 0n;
  for (let i = 0; i < 5; i++) bits = (bits << 8n) | BigInt(bytes[i]!);
  let code = '';
  for (let i = TYPED_CODE_LENGTH - 1; i >= 0; i--) code += TYPED_CODE_ALPHABET[Number((bits >> BigInt(5 * i)) & 31n)];
  return code;
}
