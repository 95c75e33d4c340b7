/**
 * The idempotency key of one checkout attempt. The same attempt — a double click, a retry
 * after a network error or a lost answer — reuses its key, so the server returns the checkout
 * it may already have created instead of making a second one. Changing the cart starts a new
 * attempt; so does an attempt the server answered with a checkout (paying it failed, say:
 * trying again must not get that same finished checkout back).
 */
export function createAttemptKeys(newKey: () => string = randomKey) {
  let current: { key: string; fingerprint: string } | null = null;
  return {
    keyFor(fingerprint: string): string {
      if (!current || current.fingerprint !== fingerprint) current = { key: newKey(), fingerprint };
      return current.key;
    },
    /** The server answered with a checkout: the next request is a new attempt. */
    finish() {
      current = null;
    },
  };
}

function randomKey(): string {
  // 32 hex characters (122 random bits) fit the contract's [A-Za-z0-9_-]{16,100}.
  return crypto.randomUUID().replaceAll('-', '');
}
