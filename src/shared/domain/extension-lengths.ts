/**
 * How long an owner may extend a gift whose recipient asked for more time (ADR 064): a few
 * plain lengths counted from today, never more than the gift's own validity, which is always
 * offered too (it was the one length before the owner could choose).
 */
export const EXTENSION_LENGTH_DAYS = [30, 90, 180, 365] as const;

/** The lengths in days an owner may pick for a gift valid `validityDays` days, shortest first. */
export function extensionLengthsFor(validityDays: number): number[] {
  const lengths = new Set<number>(EXTENSION_LENGTH_DAYS.filter((days) => days <= validityDays));
  lengths.add(validityDays);
  return [...lengths].sort((a, b) => a - b);
}
