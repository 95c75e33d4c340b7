import { offsetMinutes, zonedParts } from './validity';

/**
 * A gift's delivery moment is typed as a Madrid calendar date and wall-clock time
 * (the product's time zone is Europe/Madrid, ADR 030). These turn it into an instant and back, the same
 * way on the server (which decides) and in the browser (which previews), whatever the zone
 * of the machine and across both summer-time changes.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Days ahead a scheduled delivery may lie (CHECKOUT_LIMITS.maxScheduleDays). */
export const MAX_SCHEDULE_DAYS = 90;

/**
 * `2026-03-29` + `10:30` → the instant it is 10:30 on that day in Madrid; null for a date
 * that does not exist (`2026-02-30`). Two edge cases of summer time:
 * - a time skipped in spring (02:30 on the last Sunday of March) is read with the winter
 *   offset, i.e. as 03:30 summer time, the moment a clock set to 02:30 would show next;
 * - a time that happens twice in autumn (02:30 on the last Sunday of October) is its first
 *   occurrence (summer time), the earlier of the two.
 */
export function madridLocalToInstant(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  // Madrid is UTC+2 (summer) or UTC+1 (winter); try the earlier instant first.
  for (const offset of [120, 60]) {
    const instant = new Date(wall - offset * MINUTE);
    if (offsetMinutes(instant) === offset) return instant;
  }
  return new Date(wall - 60 * MINUTE);
}

/** The Madrid date (`YYYY-MM-DD`) and time (`HH:MM`) of an instant, to prefill a form. */
export function instantToMadridLocal(instant: Date): { date: string; time: string } {
  const p = zonedParts(instant);
  const two = (n: number) => String(n).padStart(2, '0');
  return { date: `${p.year}-${two(p.month)}-${two(p.day)}`, time: `${two(p.hour)}:${two(p.minute)}` };
}

export type DeliveryChoice = { kind: 'now' } | { kind: 'scheduled'; date: string; time: string };
export type DeliveryDecision =
  | { ok: true; deliverAt: Date | null }
  | { ok: false; error: 'invalid_delivery' | 'delivery_in_past' | 'delivery_too_far' };

/**
 * When a gift goes out: null for "right after payment", else the instant of the chosen
 * Madrid date and time, refused when it is not after `now` or more than
 * MAX_SCHEDULE_DAYS ahead.
 */
export function resolveDelivery(choice: DeliveryChoice, now: Date): DeliveryDecision {
  if (choice.kind === 'now') return { ok: true, deliverAt: null };
  const deliverAt = madridLocalToInstant(choice.date, choice.time);
  if (!deliverAt) return { ok: false, error: 'invalid_delivery' };
  if (deliverAt.getTime() <= now.getTime()) return { ok: false, error: 'delivery_in_past' };
  if (deliverAt.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * DAY) return { ok: false, error: 'delivery_too_far' };
  return { ok: true, deliverAt };
}
