import { computeExpiresAt, GIFT_TIME_ZONE } from './validity';

/**
 * Calendar arithmetic for the dashboard's analytics. A period is a pair of calendar days
 * (`YYYY-MM-DD`) in Valencia's time zone, inclusive; sales are bucketed into ISO weeks that
 * start on Monday there. Days are handled as dates without a time (UTC midnight) so summer
 * time never shifts a day; only the conversion to instants uses the zone.
 */
export const ANALYTICS_TIME_ZONE = GIFT_TIME_ZONE;
export const DEFAULT_ANALYTICS_DAYS = 30;
export const MAX_ANALYTICS_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtcMidnight(date: string): number {
  const m = CALENDAR_DATE.exec(date);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

function fromUtcMidnight(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `2026-02-30` and `2026-2-3` are not dates. */
export function isCalendarDate(value: string): boolean {
  const ms = toUtcMidnight(value);
  return !Number.isNaN(ms) && fromUtcMidnight(ms) === value;
}

export function addDays(date: string, days: number): string {
  return fromUtcMidnight(toUtcMidnight(date) + days * DAY_MS);
}

/** Number of days from `from` to `to`, both included (1 for the same day). */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((toUtcMidnight(to) - toUtcMidnight(from)) / DAY_MS) + 1;
}

const localDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: ANALYTICS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Valencia of an instant. */
export function localDateOf(instant: Date): string {
  return localDate.format(instant);
}

/** The first instant of a calendar day in Valencia. */
export function startOfLocalDay(date: string): Date {
  // Noon UTC always falls on the same calendar day in Madrid (UTC+1/+2); the day before
  // ends one millisecond before this day starts.
  const noon = new Date(toUtcMidnight(date) + DAY_MS / 2);
  return new Date(computeExpiresAt(noon, -1).getTime() + 1);
}

/** The Monday starting the ISO week of a calendar day. */
export function weekStartOf(date: string): string {
  const ms = toUtcMidnight(date);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return fromUtcMidnight(ms - weekday * DAY_MS);
}

/** Every week (its Monday) that touches the period, in order. */
export function weekStartsOf(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let w = weekStartOf(from); w <= to; w = addDays(w, 7)) weeks.push(w);
  return weeks;
}

export interface AnalyticsPeriod {
  from: string;
  to: string;
  /** [start, end) as instants, for queries. */
  start: Date;
  end: Date;
}

export type PeriodResult =
  | { ok: true; period: AnalyticsPeriod }
  | { ok: false; field: 'from' | 'to'; error: 'invalidDate' | 'invalidRange' | 'rangeTooLong' };

/**
 * The period asked for, defaulting to the last DEFAULT_ANALYTICS_DAYS days ending today in
 * Valencia (or ending `to`, or starting `from`).
 */
export function resolvePeriod(input: { from?: string; to?: string }, now: Date): PeriodResult {
  if (input.from !== undefined && !isCalendarDate(input.from)) return { ok: false, field: 'from', error: 'invalidDate' };
  if (input.to !== undefined && !isCalendarDate(input.to)) return { ok: false, field: 'to', error: 'invalidDate' };
  const span = DEFAULT_ANALYTICS_DAYS - 1;
  const to = input.to ?? (input.from !== undefined ? addDays(input.from, span) : localDateOf(now));
  const from = input.from ?? addDays(to, -span);
  if (to < from) return { ok: false, field: 'to', error: 'invalidRange' };
  if (daysInPeriod(from, to) > MAX_ANALYTICS_DAYS) return { ok: false, field: 'to', error: 'rangeTooLong' };
  return { ok: true, period: { from, to, start: startOfLocalDay(from), end: startOfLocalDay(addDays(to, 1)) } };
}

export interface WeekBucket {
  weekStart: string;
  giftsSold: number;
  revenue: number;
}

/** Sales per week of the period, zero weeks included. */
export function bucketSalesByWeek(
  sales: readonly { at: Date; amount: number }[],
  from: string,
  to: string,
): WeekBucket[] {
  const buckets = new Map(weekStartsOf(from, to).map((w) => [w, { weekStart: w, giftsSold: 0, revenue: 0 }]));
  for (const sale of sales) {
    const bucket = buckets.get(weekStartOf(localDateOf(sale.at)));
    if (!bucket) continue;
    bucket.giftsSold += 1;
    bucket.revenue += sale.amount;
  }
  return [...buckets.values()];
}
