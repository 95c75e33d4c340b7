import { describe, expect, it } from 'vitest';
import { CHECKOUT_LIMITS } from '../contracts/checkout';
import { instantToMadridLocal, madridLocalToInstant, MAX_SCHEDULE_DAYS, resolveDelivery } from './delivery-time';

const iso = (date: string, time: string) => madridLocalToInstant(date, time)?.toISOString() ?? null;

describe('madridLocalToInstant', () => {
  it('reads winter times as UTC+1 and summer times as UTC+2', () => {
    expect(iso('2026-12-24', '18:00')).toBe('2026-12-24T17:00:00.000Z');
    expect(iso('2026-07-15', '09:30')).toBe('2026-07-15T07:30:00.000Z');
  });

  it('handles the spring change (29 March 2026, 02:00 → 03:00)', () => {
    expect(iso('2026-03-29', '01:59')).toBe('2026-03-29T00:59:00.000Z');
    // 02:30 does not exist that night: it is read as the winter offset, i.e. 03:30 summer time.
    expect(iso('2026-03-29', '02:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(iso('2026-03-29', '03:00')).toBe('2026-03-29T01:00:00.000Z');
    expect(iso('2026-03-29', '12:00')).toBe('2026-03-29T10:00:00.000Z');
    expect(iso('2026-03-28', '12:00')).toBe('2026-03-28T11:00:00.000Z');
  });

  it('handles the autumn change (25 October 2026, 03:00 → 02:00)', () => {
    expect(iso('2026-10-25', '01:30')).toBe('2026-10-24T23:30:00.000Z');
    // 02:30 happens twice: the first (summer-time) one is chosen.
    expect(iso('2026-10-25', '02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(iso('2026-10-25', '03:00')).toBe('2026-10-25T02:00:00.000Z');
    expect(iso('2026-10-25', '12:00')).toBe('2026-10-25T11:00:00.000Z');
    expect(iso('2026-10-24', '12:00')).toBe('2026-10-24T10:00:00.000Z');
  });

  it('refuses dates and times that do not exist', () => {
    expect(madridLocalToInstant('2026-02-30', '10:00')).toBeNull();
    expect(madridLocalToInstant('2026-13-01', '10:00')).toBeNull();
    expect(madridLocalToInstant('2026-01-01', '24:00')).toBeNull();
    expect(madridLocalToInstant('26-01-01', '10:00')).toBeNull();
    expect(madridLocalToInstant('2028-02-29', '10:00')?.toISOString()).toBe('2028-02-29T09:00:00.000Z');
  });

  it('round-trips through instantToMadridLocal on both sides of each change', () => {
    for (const [date, time] of [
      ['2026-03-28', '23:15'],
      ['2026-03-29', '04:00'],
      ['2026-10-24', '22:00'],
      ['2026-10-25', '05:45'],
      ['2026-12-31', '23:59'],
    ] as const) {
      expect(instantToMadridLocal(madridLocalToInstant(date, time)!)).toEqual({ date, time });
    }
  });
});

describe('resolveDelivery', () => {
  const now = new Date('2026-11-23T10:00:00Z'); // 11:00 in Madrid

  it('delivers "now" right after payment (no instant)', () => {
    expect(resolveDelivery({ kind: 'now' }, now)).toEqual({ ok: true, deliverAt: null });
  });

  it('accepts a future Madrid moment within the limit', () => {
    expect(resolveDelivery({ kind: 'scheduled', date: '2026-11-24', time: '09:00' }, now)).toEqual({
      ok: true,
      deliverAt: new Date('2026-11-24T08:00:00Z'),
    });
  });

  it('refuses the past, the present minute and more than 90 days ahead', () => {
    expect(resolveDelivery({ kind: 'scheduled', date: '2026-11-23', time: '10:59' }, now)).toEqual({ ok: false, error: 'delivery_in_past' });
    expect(resolveDelivery({ kind: 'scheduled', date: '2026-11-23', time: '11:00' }, now)).toEqual({ ok: false, error: 'delivery_in_past' });
    expect(resolveDelivery({ kind: 'scheduled', date: '2026-11-23', time: '11:01' }, now).ok).toBe(true);
    expect(resolveDelivery({ kind: 'scheduled', date: '2027-02-21', time: '11:00' }, now).ok).toBe(true);
    expect(resolveDelivery({ kind: 'scheduled', date: '2027-02-21', time: '11:01' }, now)).toEqual({ ok: false, error: 'delivery_too_far' });
    expect(resolveDelivery({ kind: 'scheduled', date: '2026-02-30', time: '11:00' }, now)).toEqual({ ok: false, error: 'invalid_delivery' });
  });

  it('agrees with the contract limit', () => {
    expect(MAX_SCHEDULE_DAYS).toBe(CHECKOUT_LIMITS.maxScheduleDays);
  });
});
