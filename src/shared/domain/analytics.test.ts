import { describe, expect, it } from 'vitest';
import {
  bucketSalesByWeek,
  isCalendarDate,
  localDateOf,
  resolvePeriod,
  startOfLocalDay,
  weekStartOf,
  weekStartsOf,
} from './analytics';

describe('calendar days in Valencia', () => {
  it('accepts only real calendar dates', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(isCalendarDate('yesterday')).toBe(false);
  });

  it('starts a day at local midnight, in winter, in summer and on the change days', () => {
    expect(startOfLocalDay('2026-01-10').toISOString()).toBe('2026-01-09T23:00:00.000Z');
    expect(startOfLocalDay('2026-07-10').toISOString()).toBe('2026-07-09T22:00:00.000Z');
    // Clocks go forward at 02:00 on 29 March and back at 03:00 on 25 October 2026.
    expect(startOfLocalDay('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfLocalDay('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfLocalDay('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('tells the local day of an instant near midnight', () => {
    expect(localDateOf(new Date('2026-11-15T22:59:59.999Z'))).toBe('2026-11-15');
    expect(localDateOf(new Date('2026-11-15T23:00:00.000Z'))).toBe('2026-11-16');
    expect(localDateOf(new Date('2026-06-30T22:30:00.000Z'))).toBe('2026-07-01');
  });
});

describe('ISO weeks', () => {
  it('start on Monday', () => {
    expect(weekStartOf('2026-11-16')).toBe('2026-11-16'); // Monday
    expect(weekStartOf('2026-11-22')).toBe('2026-11-16'); // Sunday
    expect(weekStartOf('2026-01-01')).toBe('2025-12-29'); // across the year
  });

  it('lists every week touching the period', () => {
    expect(weekStartsOf('2026-11-01', '2026-11-21')).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16']);
    expect(weekStartsOf('2026-11-16', '2026-11-16')).toEqual(['2026-11-16']);
  });

  it('buckets sales by the local Monday, keeping zero weeks and ignoring others', () => {
    const weeks = bucketSalesByWeek(
      [
        // Sunday 23:30 in Madrid is still the week of the 9th…
        { at: new Date('2026-11-15T22:30:00Z'), amount: 1000 },
        // …and 00:30 on Monday is the next one.
        { at: new Date('2026-11-15T23:30:00Z'), amount: 2500 },
        { at: new Date('2026-11-16T10:00:00Z'), amount: 500 },
        { at: new Date('2026-12-01T10:00:00Z'), amount: 9999 },
      ],
      '2026-11-02',
      '2026-11-22',
    );
    expect(weeks).toEqual([
      { weekStart: '2026-11-02', giftsSold: 0, revenue: 0 },
      { weekStart: '2026-11-09', giftsSold: 1, revenue: 1000 },
      { weekStart: '2026-11-16', giftsSold: 2, revenue: 3000 },
    ]);
  });
});

describe('resolvePeriod', () => {
  const now = new Date('2026-11-20T23:30:00Z'); // already the 21st in Madrid

  it('defaults to the last 30 days ending today in Madrid', () => {
    const r = resolvePeriod({}, now);
    expect(r).toMatchObject({ ok: true, period: { from: '2026-10-23', to: '2026-11-21' } });
    if (r.ok) {
      expect(r.period.start.toISOString()).toBe('2026-10-22T22:00:00.000Z');
      expect(r.period.end.toISOString()).toBe('2026-11-21T23:00:00.000Z');
    }
  });

  it('fills the missing end of a half-given period', () => {
    expect(resolvePeriod({ from: '2026-01-01' }, now)).toMatchObject({ period: { from: '2026-01-01', to: '2026-01-30' } });
    expect(resolvePeriod({ to: '2026-01-30' }, now)).toMatchObject({ period: { from: '2026-01-01', to: '2026-01-30' } });
  });

  it('refuses bad dates, reversed periods and more than 366 days', () => {
    expect(resolvePeriod({ from: '2026-13-01' }, now)).toEqual({ ok: false, field: 'from', error: 'invalidDate' });
    expect(resolvePeriod({ from: '2026-02-01', to: '2026-01-31' }, now)).toEqual({ ok: false, field: 'to', error: 'invalidRange' });
    expect(resolvePeriod({ from: '2025-01-01', to: '2026-01-01' }, now)).toMatchObject({ ok: true });
    expect(resolvePeriod({ from: '2024-01-01', to: '2024-12-31' }, now)).toMatchObject({ ok: true }); // leap year, 366
    expect(resolvePeriod({ from: '2025-01-01', to: '2026-01-02' }, now)).toEqual({ ok: false, field: 'to', error: 'rangeTooLong' });
  });
});
