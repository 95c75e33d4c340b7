import type { LanguageDetectorModule } from 'i18next';

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

interface DetectionSources {
  storedLanguage?: string | null;
  browserLanguages?: readonly string[];
  htmlLanguage?: string;
}

/**
 * The candidates in the specification's order — local storage, then the browser's
 * languages, then <html lang> — reduced to the language part ("es-ES" → "es") so
 * i18n.language, the cache and <html lang> all say exactly "en" or "es". i18next takes the
 * first supported one and falls back to English.
 */
export function languageCandidates({ storedLanguage, browserLanguages = [], htmlLanguage }: DetectionSources): string[] {
  return [storedLanguage, ...browserLanguages, htmlLanguage]
    .filter((candidate): candidate is string => Boolean(candidate))
    .map((candidate) => candidate.split('-')[0]!.toLowerCase());
}

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode, disabled cookies); detection carries on.
    return null;
  }
}

/**
 * Our own detector instead of i18next-browser-languagedetector: it does exactly what the
 * specification asks in a few lines, where the library's ten lookups (cookies, query string,
 * sub-domain…) cost ~2 KB gzip of the landing page's JavaScript budget.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    return languageCandidates({
      storedLanguage: readStoredLanguage(),
      browserLanguages: typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language],
      htmlLanguage: typeof document === 'undefined' ? undefined : document.documentElement.lang,
    });
  },
  cacheUserLanguage(language) {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Not persisting is acceptable: the choice still applies to this page view.
    }
  },
};
