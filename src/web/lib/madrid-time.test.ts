import { describe, expect, it } from 'vitest';
import { addDays, defaultScheduledDelivery, deliveryError, toMadridLocal } from './madrid-time';

describe('delivery picker helpers', () => {
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
