import { madridLocalToInstant } from './delivery-time';
import { zonedParts } from './validity';

/**
 * A statement covers one calendar month in Europe/Madrid (ADR 060), written `YYYY-MM`. Its
 * bounds are instants: from midnight on the 1st in Madrid up to (not including) midnight on
 * the 1st of the next month, so a month holding a summer-time change is 743 or 745 hours
 * long, and a movement at 00:30 on 1 April in Madrid (22:30 UTC the day before) belongs to
 * April, as the business's own books say.
 */
export const STATEMENT_MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface MonthBounds {
  /** The first instant of the month in Madrid. */
  from: Date;
  /** The first instant of the next month in Madrid (exclusive). */
  to: Date;
}

function parseMonth(month: string): { year: number; month: number } {
  const m = STATEMENT_MONTH_PATTERN.exec(month);
  if (!m) throw new RangeError(`not a month: ${month}`);
  return { year: Number(m[1]), month: Number(m[2]) };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The month `delta` months after `month` (negative: before). */
export function addMonths(month: string, delta: number): string {
  const p = parseMonth(month);
  const index = p.year * 12 + (p.month - 1) + delta;
  return `${Math.floor(index / 12)}-${two((index % 12) + 1)}`;
}

/** Midnight never falls in a summer-time gap in Madrid (changes happen at 02:00 and 03:00). */
function madridMidnight(month: string): Date {
  return madridLocalToInstant(`${month}-01`, '00:00')!;
}

export function madridMonthBounds(month: string): MonthBounds {
  parseMonth(month);
  return { from: madridMidnight(month), to: madridMidnight(addMonths(month, 1)) };
}

/** The Madrid month an instant falls in. */
export function madridMonthOf(instant: Date): string {
  const p = zonedParts(instant);
  return `${p.year}-${two(p.month)}`;
}

/** Months from `first` to `last` inclusive, newest first. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let m = last; m >= first; m = addMonths(m, -1)) months.push(m);
  return months;
}
