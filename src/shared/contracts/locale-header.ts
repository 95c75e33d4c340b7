/**
 * The web sends the language the user is reading in on every auth request, so the emails
 * they trigger (verification, reset) arrive in that language. Sign-up also stores it as the
 * user's `locale`, which is the fallback when the header is absent.
 * (Its own module, without zod: the web's auth client imports it on every page; ADR 039.)
 */
export const LOCALE_HEADER = 'x-regalo-locale';
