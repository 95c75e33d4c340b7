import { describe, expect, it } from 'vitest';
import { formatAddress, formatCountryIn, formatDate, formatDateTime, formatDayMonth, formatFullDate, formatLongDate, formatMonth, formatPercent, formatPrice, formatQuarter } from './format';

// Intl puts a no-break space between amount and symbol; compare on normal spaces.
const plain = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

describe('Spanish conventions in every language (ADR 058)', () => {
  it('formats cents as euros with a decimal comma', () => {
    expect(plain(formatPrice(2500))).toBe('25,00 €');
    expect(plain(formatPrice(1990))).toBe('19,90 €');
    expect(plain(formatPrice(1))).toBe('0,01 €');
    expect(plain(formatPrice(1234567))).toBe('12.345,67 €');
  });

  it('never writes a negative zero: a negated sum of nothing is 0,00 €', () => {
    expect(plain(formatPrice(-0))).toBe('0,00 €');
    expect(plain(formatPrice(-[].reduce((s: number, n: number) => s + n, 0)))).toBe('0,00 €');
    expect(plain(formatPrice(-1434))).toBe('-14,34 €');
  });

  it('writes the month in Spanish for Spanish readers, day first, 24-hour clock, Madrid time', () => {
    expect(plain(formatDateTime('2026-11-21T17:30:00Z', 'es'))).toBe('21 nov 2026, 18:30');
    expect(plain(formatDate('2026-06-30T22:30:00Z', 'es'))).toBe('1 jul 2026');
    expect(plain(formatDate('2026-08-24T10:00:00Z', 'es'))).toBe('24 ago 2026');
  });

  it('writes the month in English for English readers, keeping day first, 24 hours and Madrid time', () => {
    expect(plain(formatDate('2026-08-24T10:00:00Z', 'en'))).toBe('24 Aug 2026');
    expect(plain(formatDate('2027-05-26T21:59:59Z', 'en'))).toBe('26 May 2027');
    expect(plain(formatDateTime('2026-11-27T03:37:00Z', 'en'))).toBe('27 Nov 2026, 04:37');
    expect(plain(formatDateTime('2026-11-21T17:30:00Z', 'en'))).toBe('21 Nov 2026, 18:30');
    // Midnight is 00:xx, never 24:xx.
    expect(plain(formatDateTime('2026-11-20T23:05:00Z', 'en'))).toBe('21 Nov 2026, 00:05');
  });

  it('writes Valencian long dates as Catalan of Spain does, with "de" before the year (AVL usage, ADR 068), and short ones like the Spanish: day, abbreviated month, year', () => {
    expect(plain(formatFullDate('2026-06-19T10:00:00Z', 'va'))).toBe('divendres, 19 de juny de 2026');
    expect(plain(formatLongDate('2026-04-19T10:00:00Z', 'va'))).toBe('19 d’abril de 2026');
    expect(plain(formatDate('2026-06-30T22:30:00Z', 'va'))).toBe('1 jul. 2026');
    expect(plain(formatDateTime('2026-11-21T17:30:00Z', 'va'))).toBe('21 nov. 2026, 18:30');
    expect(plain(formatMonth('2026-06', 'va'))).toBe('juny de 2026');
  });

  it('writes the other languages\' long dates and months as their conventions do', () => {
    expect(plain(formatFullDate('2026-06-19T10:00:00Z', 'es'))).toBe('viernes, 19 de junio de 2026');
    expect(plain(formatLongDate('2026-06-19T10:00:00Z', 'en'))).toBe('19 June 2026');
    expect(plain(formatMonth('2026-06', 'es'))).toBe('junio de 2026');
    expect(plain(formatMonth('2026-06-01', 'en'))).toBe('June 2026');
  });

  it('names a quarter by its months in each language, never 2026-Q4', () => {
    expect(formatQuarter('2026-Q4', 'en')).toBe('October–December 2026');
    expect(formatQuarter('2026-Q4', 'es')).toBe('octubre–diciembre de 2026');
    expect(formatQuarter('2026-Q4', 'va')).toBe('octubre–desembre de 2026');
    expect(formatQuarter('2027-Q1', 'va')).toBe('gener–març de 2027');
    expect(formatQuarter('2026-Q2', 'es')).toBe('abril–junio de 2026');
  });

  it('writes a price the same way in Valencian as in the other languages (ADR 058, 068)', () => {
    expect(plain(formatPrice(1250))).toBe('12,50 €');
    expect(plain(formatPrice(123450))).toBe('1.234,50 €');
  });

  it('writes a chart label as the day and the short month only, narrow in every language (no "de nov. de")', () => {
    const monday = '2026-11-02T12:00:00Z';
    expect(formatDayMonth(monday, 'en')).toBe('2 Nov');
    expect(formatDayMonth(monday, 'es')).toBe('2 nov');
    expect(formatDayMonth(monday, 'va')).toBe('2 nov.');
    expect(formatDayMonth('2026-08-24T12:00:00Z', 'va')).toBe('24 ag.');
    for (const language of ['en', 'es', 'va']) expect(formatDayMonth(monday, language)).not.toMatch(/\bde\b|\d{4}/);
  });

  it('reads an unknown language as Spanish, the home language', () => {
    expect(plain(formatDate('2026-08-24T10:00:00Z', 'fr'))).toBe('24 ago 2026');
  });
});

describe('formatAddress', () => {
  it('adds the city when the address does not name it', () => {
    expect(formatAddress('Carrer de Sueca 27, Russafa', 'Valencia')).toBe('Carrer de Sueca 27, Russafa, Valencia');
  });
  it('does not repeat a city the owner already typed, with or without accents', () => {
    expect(formatAddress('Carrer de la Pau 12, València', 'Valencia')).toBe('Carrer de la Pau 12, València');
    expect(formatAddress('Carrer de la Pau, 12, 46002 Valencia', 'Valencia')).toBe('Carrer de la Pau, 12, 46002 Valencia');
    expect(formatAddress('Carrer de la Pau 12, valencia', 'Valencia')).toBe('Carrer de la Pau 12, valencia');
  });
  it('does not mistake a longer word for the city', () => {
    expect(formatAddress('Avinguda de Valenciana 3', 'Valencia')).toBe('Avinguda de Valenciana 3, Valencia');
  });
});

describe('formatCountryIn', () => {
  it('names the country in the reader language', () => {
    expect(formatCountryIn('Carrer de la Pau 1, 46002 València, Spain', 'va')).toBe('Carrer de la Pau 1, 46002 València, Espanya');
    expect(formatCountryIn('Carrer de la Pau 1, 46002 Valencia, Spain', 'es')).toBe('Carrer de la Pau 1, 46002 Valencia, España');
    expect(formatCountryIn('Carrer de la Pau 1, 46002 Valencia, España', 'en')).toBe('Carrer de la Pau 1, 46002 Valencia, Spain');
    expect(formatCountryIn('Carrer de la Pau 1, 46002 Valencia', 'es')).toBe('Carrer de la Pau 1, 46002 Valencia');
  });

  it('writes a percentage with a decimal comma and a space before the sign (ADR 058: "12,5 %", never "12.5 %")', () => {
    expect(formatPercent(12.5)).toBe('12,5\u00a0%');
    expect(formatPercent(10)).toBe('10\u00a0%');
    expect(formatPercent(1.14)).toBe('1,14\u00a0%');
    expect(formatPercent(0.29)).toBe('0,29\u00a0%');
    // A ratio such as a redemption rate of 2/3, to one decimal.
    expect(formatPercent((2 / 3) * 100, 1)).toBe('66,7\u00a0%');
  });
});
