import { QUARTER_PATTERN } from '@shared/domain/invoices';
import { madridMonthBounds, type MonthBounds } from '@shared/domain/statement-month';

const two = (n: number) => String(n).padStart(2, '0');

/** A quarter `YYYY-Qn` as Madrid instants and as calendar dates (first day, first day after). */
export function quarterBounds(quarter: string): MonthBounds & { fromDate: string; toDate: string } {
  const m = QUARTER_PATTERN.exec(quarter);
  if (!m) throw new RangeError(`not a quarter: ${quarter}`);
  const year = Number(m[1]);
  const q = Number(m[2]);
  const first = `${year}-${two(q * 3 - 2)}`;
  const last = `${year}-${two(q * 3)}`;
  const nextYear = q === 4 ? year + 1 : year;
  const nextMonth = q === 4 ? 1 : q * 3 + 1;
  return { from: madridMonthBounds(first).from, to: madridMonthBounds(last).to, fromDate: `${first}-01`, toDate: `${nextYear}-${two(nextMonth)}-01` };
}
