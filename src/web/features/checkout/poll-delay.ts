export const POLL_FIRST_MS = 1_000;
export const POLL_MAX_MS = 10_000;

/**
 * How long the return page waits before asking again whether a payment is confirmed. A test
 * payment or a fast Stripe webhook is there within a second or two; a slow webhook can take
 * longer, so waits double up to ten seconds rather than hammering the server.
 */
export function pollDelay(attempt: number): number {
  return Math.min(POLL_MAX_MS, POLL_FIRST_MS * 2 ** Math.max(0, attempt));
}
