import { describe, expect, it } from 'vitest';
import { withdrawalDeadline } from './withdrawal';
import {
  extendToWorkingDay,
  FALLBACK_RULE,
  firstWorkingDayFrom,
  HOLIDAY_YEARS,
  isWorkingDay,
  missingHolidayYears,
  periodEndOnWorkingDay,
} from './working-days';

const at = (iso: string) => new Date(iso);
const day = (iso: string) => {
  const [year, month, d] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day: d };
};
const weekday = (year: number, mmdd: string) =>
  new Date(`${year}-${mmdd}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });

describe('the working-day calendar (Regulation 1182/71 art. 3(4), ADR 083)', () => {
  it('holds real dates only, each once, and the holidays each decree names on its weekday', () => {
    for (const y of HOLIDAY_YEARS) {
      const dates = y.holidays.map((h) => h.date);
      expect(new Set(dates).size, `${y.year}`).toBe(dates.length);
      for (const d of dates) {
        const [m, dd] = d.split('-').map(Number) as [number, number];
        const t = new Date(Date.UTC(y.year, m - 1, dd));
        expect(t.getUTCMonth() + 1, `${y.year}-${d}`).toBe(m);
        expect(t.getUTCDate(), `${y.year}-${d}`).toBe(dd);
      }
      expect(y.sources.length).toBeGreaterThanOrEqual(2);
    }
    // Good Friday and Easter Monday: Easter Sunday is 20 Apr 2025, 5 Apr 2026, 28 Mar 2027.
    expect([weekday(2025, '04-18'), weekday(2025, '04-21')]).toEqual(['Fri', 'Mon']);
    expect([weekday(2026, '04-03'), weekday(2026, '04-06')]).toEqual(['Fri', 'Mon']);
    expect([weekday(2027, '03-26'), weekday(2027, '03-29')]).toEqual(['Fri', 'Mon']);
    // As the decrees print them: 19 Mar 2026 a Thursday, 24 Jun 2026 a Wednesday, 12 Oct 2026 a Monday.
    expect([weekday(2026, '03-19'), weekday(2026, '06-24'), weekday(2026, '10-12')]).toEqual(['Thu', 'Wed', 'Mon']);
  });

  it('knows weekends, national holidays and Valencian ones, and no local ones', () => {
    expect(isWorkingDay(day('2026-12-19'))).toBe(false); // Saturday
    expect(isWorkingDay(day('2026-12-20'))).toBe(false); // Sunday
    expect(isWorkingDay(day('2026-12-21'))).toBe(true); // Monday
    expect(isWorkingDay(day('2026-12-08'))).toBe(false); // Inmaculada
    expect(isWorkingDay(day('2027-12-06'))).toBe(false); // Constitución, a Monday
    expect(isWorkingDay(day('2026-03-19'))).toBe(false); // San José, Comunitat Valenciana
    expect(isWorkingDay(day('2026-04-06'))).toBe(false); // Lunes de Pascua, Comunitat Valenciana
    expect(isWorkingDay(day('2025-06-24'))).toBe(false); // San Juan 2025, recoverable: counted
    expect(isWorkingDay(day('2026-04-02'))).toBe(true); // Jueves Santo: replaced in the Comunitat Valenciana
    expect(isWorkingDay(day('2026-12-07'))).toBe(true); // 6 Dec on a Sunday is not moved to Monday here
    expect(isWorkingDay(day('2027-01-22'))).toBe(true); // San Vicente Mártir: a local holiday of the city only
    expect(isWorkingDay(day('2026-04-13'))).toBe(true); // San Vicente Ferrer: local
  });

  it('follows the plain fallback rule for a year without data (outside production only)', () => {
    expect(FALLBACK_RULE.holidays).toContain('12-25');
    expect(isWorkingDay(day('2031-12-25'))).toBe(false); // Thursday, fixed-date national holiday
    expect(isWorkingDay(day('2031-12-26'))).toBe(true);
    expect(isWorkingDay(day('2031-03-19'))).toBe(true); // no regional day is guessed
    expect(firstWorkingDayFrom(day('2031-12-06'))).toEqual(day('2031-12-09')); // Sat 6, Sun 7, Mon 8 Inmaculada → Tue 9
  });

  it('says which years a server starting now lacks, a month ahead', () => {
    expect(missingHolidayYears(at('2026-12-06T03:00:00Z'))).toEqual([]);
    expect(missingHolidayYears(at('2027-11-30T10:00:00Z'))).toEqual([]);
    // From December 2027, a deadline set now may end in 2028: its lists are needed.
    expect(missingHolidayYears(at('2027-12-01T10:00:00Z'))).toEqual([2028]);
    expect(missingHolidayYears(at('2024-06-01T10:00:00Z'))).toEqual([2024]);
    expect(missingHolidayYears(at('2030-12-15T10:00:00Z'))).toEqual([2030, 2031]);
  });

  it('gives back an end that is already a working day’s', () => {
    const end = at('2026-12-21T22:59:59.999Z');
    expect(extendToWorkingDay(end).toISOString()).toBe(end.toISOString());
    expect(periodEndOnWorkingDay(at('2026-12-07T10:00:00Z'), 14).toISOString()).toBe(end.toISOString());
  });
});

describe('the withdrawal deadline on the working-day calendar', () => {
  // Each case: paid at (UTC) → the last instant of the right (UTC), with why.
  const cases: [string, string, string][] = [
    // Paid Sunday 6 Dec 2026: the 14th day is Sunday 20 Dec; Monday 21 Dec is a working day.
    ['2026-12-06T11:00:00Z', '2026-12-21T22:59:59.999Z', 'ends on a Sunday'],
    // Paid Saturday 7 Nov 2026: Saturday 21 Nov → Monday 23 Nov.
    ['2026-11-07T11:00:00Z', '2026-11-23T22:59:59.999Z', 'ends on a Saturday'],
    // Paid Tuesday 24 Nov 2026: Tuesday 8 Dec (Inmaculada) → Wednesday 9 Dec.
    ['2026-11-24T11:00:00Z', '2026-12-09T22:59:59.999Z', 'ends on a national holiday (8 Dec)'],
    // Paid Monday 22 Nov 2027: Monday 6 Dec 2027 (Constitución) → Tuesday 7 Dec.
    ['2027-11-22T11:00:00Z', '2027-12-07T22:59:59.999Z', 'ends on a national holiday (6 Dec), a Monday'],
    // Paid Saturday 22 Nov 2025: Saturday 6 Dec (Constitución), Sunday 7, Monday 8 (Inmaculada) → Tuesday 9 Dec.
    ['2025-11-22T11:00:00Z', '2025-12-09T22:59:59.999Z', 'ends on 6 Dec on a Saturday, then a holiday Monday after the weekend'],
    // Paid Thursday 5 Mar 2026: Thursday 19 Mar (San José, Comunitat Valenciana) → Friday 20 Mar.
    ['2026-03-05T11:00:00Z', '2026-03-20T22:59:59.999Z', 'ends on a Valencian holiday (19 Mar)'],
    // Paid Saturday 21 Mar 2026 (winter time): Saturday 4 Apr, Sunday, Easter Monday 6 Apr → Tuesday 7 Apr, summer time.
    ['2026-03-21T11:00:00Z', '2026-04-07T21:59:59.999Z', 'a holiday Monday after a weekend, across the spring change'],
    // Paid Friday 20 Mar 2026: Good Friday 3 Apr, the weekend, Easter Monday → Tuesday 7 Apr.
    ['2026-03-20T11:00:00Z', '2026-04-07T21:59:59.999Z', 'Good Friday to Easter Monday, across the spring change'],
    // Paid Sunday 14 Mar 2027 (UTC+1): Sunday 28 Mar is the day the clocks go forward, and Easter Sunday;
    // Easter Monday 29 Mar → Tuesday 30 Mar (UTC+2).
    ['2027-03-14T11:00:00Z', '2027-03-30T21:59:59.999Z', 'ends on the spring-change Sunday'],
    // Paid Sunday 11 Oct 2026 (UTC+2): Sunday 25 Oct is the day the clocks go back → Monday 26 Oct (UTC+1).
    ['2026-10-11T10:00:00Z', '2026-10-26T22:59:59.999Z', 'ends on the autumn-change Sunday'],
    // Paid Sunday 18 Oct 2026, 01:30 in Madrid (still 17 Oct in UTC): Sunday 1 Nov → Monday 2 Nov (UTC+1).
    ['2026-10-17T23:30:00Z', '2026-11-02T22:59:59.999Z', 'counts the Madrid day of payment, across the autumn change'],
    // Paid Friday 18 Dec 2026: Friday 1 Jan 2027 (Año Nuevo), the weekend → Monday 4 Jan 2027.
    ['2026-12-18T11:00:00Z', '2027-01-04T22:59:59.999Z', 'ends on New Year’s Day, into the next year'],
    // Paid Tuesday 10 Nov 2026: Tuesday 24 Nov is a working day: nothing moves.
    ['2026-11-10T09:00:00Z', '2026-11-24T22:59:59.999Z', 'ends on a working day'],
  ];
  it.each(cases)('paid %s → open until %s (%s)', (paidAt, end) => {
    expect(withdrawalDeadline(at(paidAt)).toISOString()).toBe(end);
  });
});
