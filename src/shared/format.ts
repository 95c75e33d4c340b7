import { FORMAT_TAGS, HOME_LOCALE, isLocale, type Locale } from './locale';

/**
 * Prices, dates and times follow the Spanish conventions in every interface language (ADR
 * 058): euros after the amount with a decimal comma (`25,00 €`), the day before the month, a
 * 24-hour clock, Europe/Madrid time. Only the words change with the reader's language: the
 * month is written in that language ("24 Aug 2026" in English, "24 ago 2026" in Spanish,
 * "24 ag. 2026" in Valencian). Each language's formatting tag is the locale module's
 * (`FORMAT_TAGS`: British English, the Spanish of Spain, Catalan of Spain for Valencian).
 */
const TIME_ZONE = 'Europe/Madrid';

/** The languages dates are written in: the interface languages (shared/locale.ts). */
export type FormatLanguage = Locale;

/**
 * ICU writes Catalan years with the contracted article ("19 de juny del 2026"); the
 * Acadèmia Valenciana de la Llengua's usage, and Valencian administration, write "de 2026"
 * (ADR 068). Applied to the Valencian dates only.
 */
const valencianYear = (text: string) => text.replace(/ del (\d{4})/g, ' de $1');
const finish: Record<FormatLanguage, (text: string) => string> = { en: (text) => text, es: (text) => text, va: valencianYear };
/**
 * A short date is the day, the abbreviated month and the year in every language: `21 nov 2026`,
 * `21 nov. 2026`. ICU's Catalan pattern keeps the long form's prepositions around the
 * abbreviation ("21 de nov. del 2026"), which made the Valencian short dates read as long ones
 * beside the Spanish (third walk-through).
 */
const valencianShort = (text: string) => text.replace(/^(\d{1,2}) (?:de |d[’'])(\S+) del? (\d{4})/, '$1 $2 $3');
const finishShort: Record<FormatLanguage, (text: string) => string> = { ...finish, va: valencianShort };

// Thousands always grouped, four digits too (`1.234,50 €`, ADRs 058, 068): Spanish CLDR leaves
// four digits ungrouped, which reads oddly next to `12.345,67 €` in the same list.
const euro = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', useGrouping: 'always' });

function formatters(options: Intl.DateTimeFormatOptions, timeZone = TIME_ZONE) {
  const byLanguage = {} as Record<FormatLanguage, Intl.DateTimeFormat>;
  for (const language of Object.keys(FORMAT_TAGS) as FormatLanguage[]) {
    byLanguage[language] = new Intl.DateTimeFormat(FORMAT_TAGS[language], { ...options, timeZone });
  }
  return byLanguage;
}

const dateTime = formatters({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dateOnly = formatters({ day: 'numeric', month: 'short', year: 'numeric' });
const longDate = formatters({ day: 'numeric', month: 'long', year: 'numeric' });
const fullDate = formatters({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
// A month of the calendar (`2026-06`), not an instant: read at noon UTC, written in UTC.
const monthOfYear = formatters({ month: 'long', year: 'numeric' }, 'UTC');
const monthOnly = formatters({ month: 'long' }, 'UTC');

/** An unknown language (an old stored value) reads as Spanish, the product's home locale. */
function format(byLanguage: Record<FormatLanguage, Intl.DateTimeFormat>, language: string, value: Date, finishing = finish) {
  const known = isLocale(language) ? language : HOME_LOCALE;
  return finishing[known](byLanguage[known].format(value));
}

const toDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

export function formatPrice(cents: number): string {
  // `+ 0` turns a negative zero (a sum of nothing, negated) into 0: Intl writes -0 as "-0,00 €".
  return euro.format(cents / 100 + 0);
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

/** `24 Aug 2026, 04:37` / `24 ago 2026, 04:37` / `24 ag. 2026, 04:37`. */
export function formatDateTime(value: Date | string, language: FormatLanguage | string): string {
  return format(dateTime, language, toDate(value), finishShort);
}

/** `24 Aug 2026` / `24 ago 2026` / `24 ag. 2026`. */
export function formatDate(value: Date | string, language: FormatLanguage | string): string {
  return format(dateOnly, language, toDate(value), finishShort);
}

/** `19 June 2026` / `19 de junio de 2026` / `19 de juny de 2026`. */
export function formatLongDate(value: Date | string, language: FormatLanguage | string): string {
  return format(longDate, language, toDate(value));
}

/** `Friday 19 June 2026` / `viernes, 19 de junio de 2026` / `divendres, 19 de juny de 2026`. */
export function formatFullDate(value: Date | string, language: FormatLanguage | string): string {
  return format(fullDate, language, toDate(value));
}

const dayAndMonth = formatters({ day: 'numeric', month: 'short' });

/**
 * A day of the year in a chart's narrow label: `16 Nov` / `16 nov` / `16 nov.` — the day and
 * the short month only. Catalan's pattern would add "de" ("16 de nov."), too wide under a bar.
 */
export function formatDayMonth(value: Date | string, language: FormatLanguage | string): string {
  const known = isLocale(language) ? language : HOME_LOCALE;
  const parts = dayAndMonth[known].formatToParts(toDate(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // Catalan's month part carries its article ("de nov.", "d’ag."): the label drops it.
  return `${part('day')} ${part('month').replace(/^(de |d[’'])/, '')}`;
}

/** A month of the calendar (`2026-06`): `June 2026` / `junio de 2026` / `juny de 2026`. */
export function formatMonth(month: string, language: FormatLanguage | string): string {
  return format(monthOfYear, language, new Date(`${month.slice(0, 7)}-15T12:00:00Z`));
}

/**
 * A quarter of the calendar (`2026-Q4`) by its months: `October–December 2026` /
 * `octubre–diciembre de 2026` / `octubre–desembre de 2026`. Anything else is returned as is.
 */
export function formatQuarter(quarter: string, language: FormatLanguage | string): string {
  const match = /^(\d{4})-Q([1-4])$/.exec(quarter);
  if (!match) return quarter;
  const [, year, n] = match;
  const lastMonth = Number(n) * 3;
  const first = format(monthOnly, language, new Date(Date.UTC(Number(year), lastMonth - 3, 15, 12)));
  return `${first}–${formatMonth(`${year}-${String(lastMonth).padStart(2, '0')}`, language)}`;
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

const countryNames: Record<FormatLanguage, string> = { en: 'Spain', es: 'España', va: 'Espanya' };

/**
 * An address ending in its country, with the country named in the reader's language: the
 * operator's one configured address ("…, 46002 Valencia, Spain") must not make every Spanish
 * email and page end in English.
 */
export function formatCountryIn(address: string, language: Locale): string {
  return address.replace(/,\s*(Spain|España|Espanya)\s*$/i, `, ${countryNames[language]}`);
}
