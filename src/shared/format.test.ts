import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPrice } from './format';

// Intl puts a no-break space between amount and symbol; compare on normal spaces.
const plain = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

describe('Spanish-locale formatting', () => {
  it('formats cents as euros with a decimal comma', () => {
    expect(plain(formatPrice(2500))).toBe('25,00 €');
    expect(plain(formatPrice(1990))).toBe('19,90 €');
    expect(plain(formatPrice(1))).toBe('0,01 €');
    expect(plain(formatPrice(1234567))).toBe('12.345,67 €');
  });

  it('formats dates and times with day, short month, year, hour and minute in Madrid time', () => {
    expect(plain(formatDateTime('2026-11-21T17:30:00Z'))).toBe('21 nov 2026, 18:30');
    expect(plain(formatDate('2026-06-30T22:30:00Z'))).toBe('1 jul 2026');
  });
});
