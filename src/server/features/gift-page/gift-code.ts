/**
 * A redemption code is ≥ 128 random bits in base64url, so it cannot be guessed (today 256
 * bits, 43 characters; domain/orders/price-order.ts).
 * Anything else cannot be a code, so it is answered as unknown without touching the database.
 */
const CODE_SHAPE = /^[A-Za-z0-9_-]{22,86}$/;

export function isGiftCodeShape(value: string): boolean {
  return CODE_SHAPE.test(value);
}

/**
 * What a recipient pasted into "open your gift": a whole link (any host — it may have been
 * forwarded from another device or typed with `www.`), a path `/g/<code>`, or the bare code.
 * Returns the code when it has a code's shape, otherwise null.
 */
export function parsePastedGift(input: string): string | null {
  const value = input.trim();
  if (value === '') return null;
  const match = /(?:^|\/)g\/([^/?#\s]+)/.exec(value);
  let candidate = match ? match[1]! : value;
  try {
    candidate = decodeURIComponent(candidate);
  } catch {
    return null;
  }
  return isGiftCodeShape(candidate) ? candidate : null;
}
