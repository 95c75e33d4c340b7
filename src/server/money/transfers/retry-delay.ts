const MINUTE_MS = 60 * 1000;
const MAX_BACKOFF_MS = 24 * 60 * MINUTE_MS;

/** A failed transfer's or refund's next try: 5 min after the first failure, doubling, at most a day. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5 * MINUTE_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}
