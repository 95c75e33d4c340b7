import type { Locale } from './locale';

/**
 * Prices, dates and times follow the Spanish conventions in every interface language (ADR
 * 058): euros after the amount with a decimal comma (`25,00 €`), the day before the month, a
 * 24-hour clock, Europe/Madrid time. Only the words change with the reader's language: the
 * month is written in that language ("24 Aug 2026" in English, "24 ago 2026" in Spanish).
 * British English is the English that writes dates this way, so English uses `en-GB`.
 */
const TIME_ZONE = 'Europe/Madrid';

/** The languages dates are written in; the same codes as the interface languages. */
export type FormatLanguage = 'en' | 'es';

const dateLocales: Record<FormatLanguage, string> = { en: 'en-GB', es: 'es-ES' };

const euro = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

function formatters(options: Intl.DateTimeFormatOptions) {
  const byLanguage = {} as Record<FormatLanguage, Intl.DateTimeFormat>;
  for (const language of Object.keys(dateLocales) as FormatLanguage[]) {
    byLanguage[language] = new Intl.DateTimeFormat(dateLocales[language], { ...options, timeZone: TIME_ZONE });
  }
  return byLanguage;
}

const dateTime = formatters({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dateOnly = formatters({ day: 'numeric', month: 'short', year: 'numeric' });

/** An unknown language (an old stored value) reads as Spanish, the product's home locale. */
function pick(byLanguage: Record<FormatLanguage, Intl.DateTimeFormat>, language: string) {
  return byLanguage[language as FormatLanguage] ?? byLanguage.es;
}

const toDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

export function formatPrice(cents: number): string {
  return euro.format(cents / 100);
}

const percentFormats = new Map<number, Intl.NumberFormat>();

/**
 * A percentage stored as its number (a commission of `12.5` → `12,5 %`), with the Spanish
 * conventions in every language like prices (ADR 058, 065): a decimal comma and a space
 * (non-breaking) before the sign. Rates are kept to two decimals (numeric(5,2)).
 */
export function formatPercent(rate: number, maximumFractionDigits = 2): string {
  let format = percentFormats.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits });
    percentFormats.set(maximumFractionDigits, format);
  }
  // Divided as decimals of the stored number, so 12.5 / 100 does not become 0.12499999….
  return format.format(Number((rate / 100).toFixed(maximumFractionDigits + 2)));
}

/** `24 Aug 2026, 04:37` / `24 ago 2026, 04:37`. */
export function formatDateTime(value: Date | string, language: FormatLanguage | string): string {
  return pick(dateTime, language).format(toDate(value));
}

/** `24 Aug 2026` / `24 ago 2026`. */
export function formatDate(value: Date | string, language: FormatLanguage | string): string {
  return pick(dateOnly, language).format(toDate(value));
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/**
 * A business's street address followed by its city, unless the owner already typed the city
 * (the form's own example ends in "Valencia"): "Carrer de la Pau 12, València" stays as it is
 * instead of becoming "…, València, Valencia". Spellings with and without accents count as
 * the same city.
 */
export function formatAddress(address: string, city: string): string {
  const cityWord = fold(city.trim());
  if (cityWord === '') return address;
  const words = fold(address).split(/[^\p{L}\p{N}]+/u);
  const cityWords = cityWord.split(/[^\p{L}\p{N}]+/u);
  const mentionsCity = words.some((_, i) => cityWords.every((w, j) => words[i + j] === w));
  return mentionsCity ? address : `${address}, ${city}`;
}

const countryNames: Record<Locale, string> = { en: 'Spain', es: 'España', va: 'Espanya' };

/**
 * An address ending in its country, with the country named in the reader's language: the
 * operator's one configured address ("…, 46002 Valencia, Spain") must not make every Spanish
 * email and page end in English.
 */
export function formatCountryIn(address: string, language: Locale): string {
  return address.replace(/,\s*(Spain|España|Espanya)\s*$/i, `, ${countryNames[language]}`);
}
