/**
 * A gift is valid for N days (30-365) and expires at the end of that day in Valencia's
 * time zone, Europe/Madrid (ADR 010), so "valid until 21 nov 2027" means the whole of that day there,
 * whatever the server's zone and across summer-time changes.
 */
export const GIFT_TIME_ZONE = 'Europe/Madrid';

const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: GIFT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export function zonedParts(instant: Date) {
  const p = Object.fromEntries(
    partsFormatter.formatToParts(instant).map((x) => [x.type, Number(x.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return p;
}

/** Minutes Madrid is ahead of UTC at `instant` (60 in winter, 120 in summer). */
export function offsetMinutes(instant: Date): number {
  const p = zonedParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

export function computeExpiresAt(from: Date, validityDays: number): Date {
  const start = zonedParts(from);
  // Calendar arithmetic on the local date; Date.UTC normalises month/day overflow.
  const target = new Date(Date.UTC(start.year, start.month - 1, start.day + validityDays));
  const localEnd = Date.UTC(
    target.getUTCFullYear(),
    target.getUTCMonth(),
    target.getUTCDate(),
    23,
    59,
    59,
    999,
  );
  let guess = new Date(localEnd - offsetMinutes(new Date(localEnd)) * 60_000);
  // Re-check at the guessed instant in case a summer-time change lies in between.
  guess = new Date(localEnd - offsetMinutes(guess) * 60_000);
  return guess;
}

export function isExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() > expiresAt.getTime();
}
