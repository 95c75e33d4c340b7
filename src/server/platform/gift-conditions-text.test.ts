import { describe, expect, it } from 'vitest';
import {
  describeWeekdays,
  formatPhone,
  giftConditionLines,
  normalizeBookingUrl,
  normalizeWeekdays,
  telHref,
  whatsappHref,
} from '@shared/domain/gift-conditions';
import { giftText } from './gift-text';

// The gift page's and the email's reader over the real catalogues.
const en = 'en';
const es = 'es';
const textOf = giftText;

describe('booking links', () => {
  it('accepts https booking pages only, adding https:// to a bare address', () => {
    expect(normalizeBookingUrl('reservas.example.es/mesa')).toBe('https://reservas.example.es/mesa');
    expect(normalizeBookingUrl('HTTPS://Reservas.Example.es')).toBe('https://reservas.example.es/');
    for (const refused of ['http://reservas.example.es', 'javascript:alert(1)', 'ftp://x.example', 'https://localhost', 'https://a b.es', 'https://u:p@x.example', '']) {
      expect(normalizeBookingUrl(refused), refused).toBeUndefined();
    }
  });

  it('links a stored phone for calling and WhatsApp, and shows Spanish numbers grouped', () => {
    expect(telHref('+34963123456')).toBe('tel:+34963123456');
    expect(whatsappHref('+34612345678')).toBe('https://wa.me/34612345678');
    expect(formatPhone('+34612345678')).toBe('+34 612 34 56 78');
    expect(formatPhone('+447700900123')).toBe('+447700900123');
  });
});

describe('gift conditions', () => {
  it('reads a run of days as a range and other days as a list, in the reader\'s language', () => {
    expect(describeWeekdays([1, 2, 3, 4], 'en', textOf(en))).toBe('Monday to Thursday');
    expect(describeWeekdays([1, 2, 3, 4], 'es', textOf(es))).toBe('de lunes a jueves');
    expect(describeWeekdays([5, 6], 'en', textOf(en))).toBe('Friday and Saturday');
    expect(describeWeekdays([1, 3, 5], 'es', textOf(es))).toBe('lunes, miércoles y viernes');
  });

  it('treats no days or all seven as any day, and drops repeats and impossible days', () => {
    expect(normalizeWeekdays([])).toBeNull();
    expect(normalizeWeekdays([7, 6, 5, 4, 3, 2, 1])).toBeNull();
    expect(normalizeWeekdays([4, 1, 1, 9, 0])).toEqual([1, 4]);
  });

  it('words the flags and the free text in order: booking, days, people, the business\'s words', () => {
    const gift = { bookingRequired: true, partySize: 2, validWeekdays: [1, 2, 3, 4], conditions: 'No válido en festivos' };
    expect(giftConditionLines(gift, 'en', textOf(en))).toEqual(['Booking required', 'Valid Monday to Thursday', 'For 2 people', 'No válido en festivos']);
    expect(giftConditionLines({ ...gift, partySize: 1 }, 'es', textOf(es))).toEqual(['Hay que reservar', 'Válido de lunes a jueves', 'Para una persona', 'No válido en festivos']);
    expect(giftConditionLines({ bookingRequired: false, partySize: null, validWeekdays: null, conditions: null }, 'en', textOf(en))).toEqual([]);
  });
});
