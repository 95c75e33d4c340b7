export const POLL_MIN_MS = 5_000;
export const POLL_MAX_MS = 60_000;

/**
 * Delay before asking for new orders again: a shop that just sold something is likely to
 * sell again soon, so news resets to the shortest wait; every quiet answer doubles it up to
 * a minute, which keeps an idle dashboard left open all day from costing the server much.
 */
export function nextPollDelay(previousMs: number, hadNews: boolean): number {
  if (hadNews) return POLL_MIN_MS;
  return Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, previousMs * 2));
}
