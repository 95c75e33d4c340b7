import { z } from 'zod';

/** Years a timestamp in a request may name: PostgreSQL and JavaScript both hold them exactly. */
export const TIMESTAMP_MIN_YEAR = 1970;
export const TIMESTAMP_MAX_YEAR = 9999;

const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * An ISO 8601 timestamp with a zone (`2026-11-21T10:00:00.123Z`, `…+01:00`), a real
 * calendar date, in years 1970–9999. Anything else `Date.parse` happens to read (RFC 2822
 * dates, bare numbers, year 275760) is refused: a far-future value reached PostgreSQL and
 * gave a 500 (ADR 035).
 */
export function isIsoTimestamp(value: string): boolean {
  const m = ISO_TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < TIMESTAMP_MIN_YEAR || year > TIMESTAMP_MAX_YEAR) return false;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A request field holding such a timestamp; `error` is the field's error code. */
export const isoTimestamp = (error: string) => z.string({ error }).refine(isIsoTimestamp, { error });
