import { readLanguageCookie } from '@shared/contracts/language-cookie';
import { isLocale, LOCALES, localeFromTag, parseAcceptLanguage, type Locale } from '@shared/locale';

/**
 * The language of a server-rendered page (the gift page, the legal pages, the shop pages):
 * `?lang=` when the visitor picked one, else the first of the browser's languages we speak,
 * else English. The languages and the reading of `Accept-Language` are the locale module's
 * (shared/locale.ts, ADR 068): Catalan in any form (`ca`, `ca-ES`, `ca-ES-valencia`) is Valencian.
 */
export type PageLanguage = Locale;
export const pageLanguages: readonly PageLanguage[] = LOCALES;

/** A `?lang=` value: one of the product's language codes as written in its links, or undefined. */
export function toPageLanguage(value: unknown): PageLanguage | undefined {
  return isLocale(value) ? value : undefined;
}

/** The first of the browser's languages we speak (`es-ES,es;q=0.9,en;q=0.8` → es; `ca-ES` → va). */
export function languageFromAcceptLanguage(header: string | undefined): PageLanguage | undefined {
  for (const tag of parseAcceptLanguage(header)) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return undefined;
}

/**
 * The language an API request reads in (the catalogue's names and descriptions, a checkout's
 * lines): the language cookie the app keeps with its choice, else the browser's languages, else
 * English. The app sends no language with its requests; the cookie goes with every one.
 */
export function readerLanguage(request: { headers: { cookie?: string; 'accept-language'?: string } }): PageLanguage {
  return readLanguageCookie(request.headers.cookie) ?? languageFromAcceptLanguage(request.headers['accept-language']) ?? 'en';
}
