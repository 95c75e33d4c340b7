/**
 * Two limits on a session (ADR 012): it ends 30 days after it was last used (idle), and in
 * any case 90 days after sign-in (absolute), however active it stays. Better Auth slides the
 * idle expiry forward at most once a day; `clampSessionExpiry` stops that slide at the
 * absolute limit, and the guards refuse a session past it even before its row expires.
 */
const DAY_SECONDS = 24 * 60 * 60;
export const SESSION_IDLE_SECONDS = 30 * DAY_SECONDS;
export const SESSION_REFRESH_SECONDS = DAY_SECONDS;
export const SESSION_ABSOLUTE_SECONDS = 90 * DAY_SECONDS;

export function absoluteSessionEnd(createdAt: Date): Date {
  return new Date(createdAt.getTime() + SESSION_ABSOLUTE_SECONDS * 1000);
}

/** The expiry to store when sliding a session created at `createdAt`. */
export function clampSessionExpiry(proposed: Date, createdAt: Date): Date {
  const end = absoluteSessionEnd(createdAt);
  return proposed.getTime() > end.getTime() ? end : proposed;
}

export function isPastAbsoluteLifetime(createdAt: Date, now: Date): boolean {
  return now.getTime() >= absoluteSessionEnd(createdAt).getTime();
}
