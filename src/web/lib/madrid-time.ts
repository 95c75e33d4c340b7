import { CHECKOUT_LIMITS, checkoutFieldErrors, type DeliveryInput } from '@shared/contracts/checkout';
import { GIFT_TIME_ZONE } from '@shared/domain/validity';

/**
 * Delivery moments are chosen as a Madrid calendar date and hour (the gift's city), whatever
 * the giver's device zone, and turned into an instant the same way across summer time.
 */
const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: GIFT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

function parts(instant: Date) {
  return Object.fromEntries(partsFormatter.formatToParts(instant).map((p) => [p.type, p.value])) as Record<
    'year' | 'month' | 'day' | 'hour' | 'minute',
    string
  >;
}

/** `YYYY-MM-DD` and `HH:MM` of an instant on Madrid's wall clock. */
export function toMadridLocal(instant: Date): { date: string; time: string } {
  const p = parts(instant);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** The instant a Madrid wall-clock date and time stands for (an hour skipped in spring moves forward). */
export function madridLocalToInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const asUtc = Date.UTC(y!, m! - 1, d!, hh!, mm!);
  const offsetAt = (instant: number) => {
    const p = parts(new Date(instant));
    return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute) - instant;
  };
  let guess = asUtc - offsetAt(asUtc);
  guess = asUtc - offsetAt(guess);
  return new Date(guess);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The same checks the server makes, so the giver sees the problem before paying. */
export function deliveryError(delivery: DeliveryInput, now: Date): string | null {
  if (delivery.kind === 'now') return null;
  if (!DATE.test(delivery.date) || !TIME.test(delivery.time)) return checkoutFieldErrors.invalidDelivery;
  const at = madridLocalToInstant(delivery.date, delivery.time);
  if (Number.isNaN(at.getTime())) return checkoutFieldErrors.invalidDelivery;
  if (at.getTime() <= now.getTime()) return checkoutFieldErrors.deliveryInPast;
  if (at.getTime() > now.getTime() + CHECKOUT_LIMITS.maxScheduleDays * 86_400_000) return checkoutFieldErrors.deliveryTooFar;
  return null;
}

/** A sensible first choice when the giver switches to a scheduled delivery: tomorrow at 10:00. */
export function defaultScheduledDelivery(now: Date): DeliveryInput {
  return { kind: 'scheduled', date: addDays(toMadridLocal(now).date, 1), time: '10:00' };
}
