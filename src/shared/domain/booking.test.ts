import { describe, expect, it } from 'vitest';
import { canChangeBooking, isoWeekdayOf, listOccurrences, sessionAcceptsGift, type BookingSessionRule } from './booking';

const saturday10: BookingSessionRule = { id: 's1', kind: 'weekly', isoWeekday: 6, onDate: null, startTime: '10:00', lengthMinutes: 90, places: 8, giftIds: null };
const calendar = (sessions: BookingSessionRule[], closed: string[] = [], openOnHolidays = false) => ({ sessions, closedDays: new Set(closed), openOnHolidays });

describe('booking occurrences (ADR 105)', () => {
  it('knows ISO weekdays', () => {
    expect(isoWeekdayOf('2026-12-07')).toBe(1);
    expect(isoWeekdayOf('2026-12-13')).toBe(7);
  });

  it('keeps a weekly time on the Madrid clock across both clock changes', () => {
    // Summer time starts on 28 March 2027 and ends on 31 October 2027 (last Sundays).
    const sunday: BookingSessionRule = { ...saturday10, isoWeekday: 7 };
    const spring = listOccurrences(calendar([sunday]), '2027-03-21', '2027-04-04');
    expect(spring.map((o) => o.startsAt.toISOString())).toEqual([
      '2027-03-21T09:00:00.000Z',
      '2027-03-28T08:00:00.000Z',
      '2027-04-04T08:00:00.000Z',
    ]);
    const autumn = listOccurrences(calendar([sunday]), '2027-10-24', '2027-11-07');
    expect(autumn.map((o) => o.startsAt.toISOString())).toEqual([
      '2027-10-24T08:00:00.000Z',
      '2027-10-31T09:00:00.000Z',
      '2027-11-07T09:00:00.000Z',
    ]);
    expect(autumn[1]!.endsAt.toISOString()).toBe('2027-10-31T10:30:00.000Z');
  });

  it('skips public holidays unless the business opens on them, and closed days always', () => {
    // 8 December 2026 (Tuesday) is the Inmaculada Concepción.
    const tuesday: BookingSessionRule = { ...saturday10, isoWeekday: 2 };
    expect(listOccurrences(calendar([tuesday]), '2026-12-08', '2026-12-15').map((o) => o.date)).toEqual(['2026-12-15']);
    expect(listOccurrences(calendar([tuesday], [], true), '2026-12-08', '2026-12-15').map((o) => o.date)).toEqual(['2026-12-08', '2026-12-15']);
    expect(listOccurrences(calendar([tuesday], ['2026-12-15'], true), '2026-12-08', '2026-12-15').map((o) => o.date)).toEqual(['2026-12-08']);
  });

  it('gives a one-off session its date only, in time order with the weekly ones', () => {
    const once: BookingSessionRule = { ...saturday10, id: 's2', kind: 'once', isoWeekday: null, onDate: '2026-12-12', startTime: '09:30' };
    const found = listOccurrences(calendar([saturday10, once]), '2026-12-12', '2026-12-19');
    expect(found.map((o) => `${o.date} ${o.startTime}`)).toEqual(['2026-12-12 09:30', '2026-12-12 10:00', '2026-12-19 10:00']);
  });

  it('accepts every booking gift or the listed ones', () => {
    expect(sessionAcceptsGift({ giftIds: null }, 'g')).toBe(true);
    expect(sessionAcceptsGift({ giftIds: ['a'] }, 'g')).toBe(false);
  });

  it('allows changes until the cut-off', () => {
    const start = new Date('2026-12-12T09:00:00Z');
    expect(canChangeBooking(start, 24, new Date('2026-12-11T09:00:00Z'))).toBe(true);
    expect(canChangeBooking(start, 24, new Date('2026-12-11T09:00:01Z'))).toBe(false);
  });
});
