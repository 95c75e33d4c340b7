import { describe, expect, it } from 'vitest';
import { addDays, defaultScheduledDelivery, deliveryError, madridLocalToInstant, toMadridLocal } from './madrid-time';

describe('Madrid delivery times', () => {
  it('turns a Madrid wall-clock time into the right instant in winter and in summer', () => {
    expect(madridLocalToInstant('2026-01-15', '10:00').toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(madridLocalToInstant('2026-07-15', '10:00').toISOString()).toBe('2026-07-15T08:00:00.000Z');
  });

  it('handles the days summer time starts and ends', () => {
    // 29 March 2026: 02:00 → 03:00. The hours around the jump keep their meaning.
    expect(madridLocalToInstant('2026-03-29', '01:00').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(madridLocalToInstant('2026-03-29', '03:00').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 25 October 2026: 03:00 → 02:00.
    expect(madridLocalToInstant('2026-10-25', '00:00').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(madridLocalToInstant('2026-10-25', '12:00').toISOString()).toBe('2026-10-25T11:00:00.000Z');
    expect(toMadridLocal(new Date('2026-10-25T11:00:00Z'))).toEqual({ date: '2026-10-25', time: '12:00' });
  });

  it('reads the Madrid date, not the UTC one, near midnight', () => {
    expect(toMadridLocal(new Date('2026-11-23T23:30:00Z'))).toEqual({ date: '2026-11-24', time: '00:30' });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(defaultScheduledDelivery(new Date('2026-11-23T23:30:00Z'))).toEqual({ kind: 'scheduled', date: '2026-11-25', time: '10:00' });
  });

  it('refuses a moment in the past, too far ahead, or malformed', () => {
    const now = new Date('2026-11-23T12:00:00Z'); // 13:00 in Madrid
    expect(deliveryError({ kind: 'now' }, now)).toBeNull();
    expect(deliveryError({ kind: 'scheduled', date: '2026-11-23', time: '14:00' }, now)).toBeNull();
    expect(deliveryError({ kind: 'scheduled', date: '2026-11-23', time: '13:00' }, now)).toBe('delivery_in_past');
    expect(deliveryError({ kind: 'scheduled', date: '2027-03-01', time: '10:00' }, now)).toBe('delivery_too_far');
    expect(deliveryError({ kind: 'scheduled', date: '', time: '10:00' }, now)).toBe('invalid_delivery');
    expect(deliveryError({ kind: 'scheduled', date: '2026-11-24', time: '25:00' }, now)).toBe('invalid_delivery');
  });
});
