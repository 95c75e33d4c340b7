import { FORMAT_TAGS, type Locale } from '@shared/locale';

/**
 * A month as the statement and invoice mails name it, in the reader's language: "January
 * 2027", "enero de 2027", "gener del 2027". `period` is `YYYY-MM`; read at noon UTC of its
 * 15th so no time zone moves it into the next or previous month.
 */
export function monthName(period: string, locale: Locale): string {
  return new Intl.DateTimeFormat(FORMAT_TAGS[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${period}-15T12:00:00Z`));
}
