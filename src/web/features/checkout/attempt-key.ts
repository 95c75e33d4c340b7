import type { CheckoutAttempt } from '@web/lib/cart';

/** Where the attempt under way is kept: the cart (localStorage, per account) on the checkout page. */
export interface AttemptSlot {
  get(): CheckoutAttempt | null;
  set(attempt: CheckoutAttempt | null): void;
}

/** An attempt kept only for this page view (no reload protection). */
export function memorySlot(): AttemptSlot {
  let current: CheckoutAttempt | null = null;
  return {
    get: () => current,
    set: (attempt) => {
      current = attempt;
    },
  };
}

/**
 * The idempotency key of one checkout attempt. The same attempt — a double click, a retry
 * after a network error or a lost answer, a reload of the page while the request was under
 * way (the slot outlives the page) — reuses its key, so the server returns the checkout it
 * may already have created instead of making a second one. Changing the cart starts a new
 * attempt; so does an attempt the server answered with a checkout (paying it failed, say:
 * trying again must not get that same finished checkout back).
 */
export function createAttemptKeys(slot: AttemptSlot = memorySlot(), newKey: () => string = randomKey) {
  return {
    keyFor(fingerprint: string): string {
      const current = slot.get();
      if (current && current.fingerprint === fingerprint) return current.key;
      const next = { key: newKey(), fingerprint };
      // Stored before the request goes out: a reload from here on finds it.
      slot.set(next);
      return next.key;
    },
    /** The server answered with a checkout: the next request is a new attempt. */
    finish() {
      slot.set(null);
    },
  };
}

function randomKey(): string {
  // 32 hex characters (122 random bits) fit the contract's [A-Za-z0-9_-]{16,100}.
  return crypto.randomUUID().replaceAll('-', '');
}
