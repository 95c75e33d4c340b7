import { describe, expect, it } from 'vitest';
import { addMonths, madridMonthBounds, madridMonthOf, monthsBetween } from './statement-month';

const HOUR = 3_600_000;

describe('statement months in Europe/Madrid', () => {
  it('starts a winter month at 23:00 UTC the day before', () => {
    const { from, to } = madridMonthBounds('2026-01');
    expect(from.toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(to.toISOString()).toBe('2026-01-31T23:00:00.000Z');
  });

  it('gives March, which springs forward, one hour less', () => {
    const { from, to } = madridMonthBounds('2026-03');
    expect(from.toISOString()).toBe('2026-02-28T23:00:00.000Z');
    // 1 April is in summer time: midnight is 22:00 UTC.
    expect(to.toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect((to.getTime() - from.getTime()) / HOUR).toBe(31 * 24 - 1);
  });

  it('gives October, which falls back, one hour more', () => {
    const { from, to } = madridMonthBounds('2026-10');
    expect(from.toISOString()).toBe('2026-09-30T22:00:00.000Z');
    expect(to.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect((to.getTime() - from.getTime()) / HOUR).toBe(31 * 24 + 1);
  });

  it('puts an instant in the month Madrid sees', () => {
    expect(madridMonthOf(new Date('2026-03-31T22:30:00Z'))).toBe('2026-04');
    expect(madridMonthOf(new Date('2026-03-31T21:59:59Z'))).toBe('2026-03');
    expect(madridMonthOf(new Date('2026-10-31T22:30:00Z'))).toBe('2026-10');
    expect(madridMonthOf(new Date('2026-10-31T23:00:00Z'))).toBe('2026-11');
  });

  it('counts months across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-05', -17)).toBe('2024-12');
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
  });

  it('refuses what is not a month', () => {
    expect(() => madridMonthBounds('2026-13')).toThrow(RangeError);
    expect(() => madridMonthBounds('2026-3')).toThrow(RangeError);
  });
});
