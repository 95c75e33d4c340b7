import { isLocale, type Locale } from '../locale';
import { parseCookies } from './consent-cookies';

/**
 * The interface language a person chose, as a cookie as well as in the web app's storage, so
 * the pages the server renders on its own (the gift pages `/g…` and their error pages, the
 * documents of the web app) follow it too. Written by the web app's language
 * menu and by the gift page's language links; read by the server on every page and by the
 * web app at start, before its own storage, so a choice made on the gift page follows the
 * person into the app. A preference the person set themselves: necessary, not tracking.
 * (Its own module without zod: the web app's language code loads it on every page.)
 */
export const LANGUAGE_COOKIE = 'regalo-language';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type CookieLanguage = Locale;

/** The chosen language from a Cookie header, or null when none (or an unknown one) is set. */
export function readLanguageCookie(cookieHeader: string | undefined): CookieLanguage | null {
  const value = parseCookies(cookieHeader ?? '').get(LANGUAGE_COOKIE);
  return isLocale(value) ? value : null;
}

/** The cookie's attributes; `secure` on an https site. Not HttpOnly: the web app writes it. */
export function languageCookieValue(language: CookieLanguage, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
