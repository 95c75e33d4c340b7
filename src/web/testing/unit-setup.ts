import { vi } from 'vitest';

/**
 * `vi.waitFor` gives up after 1 s by default, and many component tests asked for 3 s: a
 * timing assumption, not a condition. On CI's 2 busy cores a lazy page chunk or a catalogue
 * import alone can take longer (a landing-page test failed that way). Every wait here still
 * ends as soon as its condition holds; the floor only bounds how long a real failure takes
 * to report. It stays under the unit tests' 15 s test timeout.
 */
const WAIT_FOR_FLOOR_MS = 10_000;

const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) => {
  const given = typeof options === 'number' ? { timeout: options } : (options ?? {});
  return waitFor(callback, { ...given, timeout: Math.max(given.timeout ?? 0, WAIT_FOR_FLOOR_MS) });
}) as typeof vi.waitFor;
