import { useSyncExternalStore } from 'react';
import { languageCookieValue, readLanguageCookie } from '@shared/contracts/language-cookie';
import { HTML_LANG, isLocale, LOCALE_NAMES, LOCALES, negotiateLocale, type Locale } from '@shared/locale';

/**
 * The interface language: detected once, changed by the language menu, remembered in
 * localStorage and mirrored on <html lang>. `lib/text.ts`, which every page translates
 * through, follows it; switching waits for the new language's catalogues, so a page changes
 * in one go (ADRs 015, 046). The languages, their names and the negotiation are the locale
 * module's (shared/locale.ts, ADR 068).
 */

export const languages = LOCALES;
export type Language = Locale;

/** The name of each language in that language, as the language menu shows it. */
export const languageNames: Record<Language, string> = LOCALE_NAMES;

/** The key i18next's browser detector used (before the app dropped i18next), so visitors who chose a language keep it. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export const isLanguage = isLocale;

interface DetectionSources {
  /**
   * `?lang=` in the address: a link that names its language (the shop's links, a guest's
   * purchase link in the receipt) opens the page in it, as the server-rendered pages do.
   */
  urlLanguage?: string | null;
  /** The language cookie: set by this app and by the server's gift pages. */
  cookieLanguage?: string | null;
  storedLanguage?: string | null;
  browserLanguages?: readonly string[];
  htmlLanguage?: string;
}

/**
 * The candidates in the specification's order — local storage, then the browser's languages,
 * then <html lang> — and the first one Regalo speaks; English when none is (the
 * specification's fallback). The language cookie comes first: it holds the same choice as
 * local storage, unless the person chose a language later on a page the server renders (the
 * gift page), and that choice is newer. A language the address names (`?lang=`) comes before
 * both, and is then remembered like a choice from the menu. Catalan in any form (`ca-ES`,
 * `ca-ES-valencia`) chooses Valencian.
 */
export function detectLanguage({ urlLanguage, cookieLanguage, storedLanguage, browserLanguages = [], htmlLanguage }: DetectionSources): Language {
  const named = isLocale(urlLanguage) ? urlLanguage : null;
  return negotiateLocale({ stored: [named, cookieLanguage, storedLanguage], browserLanguages, pageLanguage: htmlLanguage });
}

export interface LanguageStoreDeps {
  initial: Language;
  /** Remembers the choice; failing to (blocked storage) must not stop the switch. */
  persist: (language: Language) => void;
  applyToDocument: (language: Language) => void;
}

/**
 * Loading work (catalogue chunks) registered with `beforeChange` finishes before the switch,
 * so the page changes language in one go instead of flashing a loading state.
 */
export function createLanguageStore({ initial, persist, applyToDocument }: LanguageStoreDeps) {
  let current = initial;
  let requested = initial;
  const listeners = new Set<(language: Language) => void>();
  const preparers = new Set<(language: Language) => Promise<unknown>>();

  persist(initial);
  applyToDocument(initial);

  return {
    get: () => current,
    subscribe(listener: (language: Language) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    beforeChange(preparer: (language: Language) => Promise<unknown>) {
      preparers.add(preparer);
      return () => void preparers.delete(preparer);
    },
    async change(next: Language): Promise<void> {
      if (!isLanguage(next)) return;
      requested = next;
      await Promise.all([...preparers].map((prepare) => prepare(next)));
      // Two quick choices: the last one wins, whichever finished loading first.
      if (requested !== next || current === next) return;
      current = next;
      persist(next);
      applyToDocument(next);
      for (const listener of listeners) listener(next);
    },
  };
}

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode, disabled cookies); detection carries on.
    return null;
  }
}

const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined';

const store = createLanguageStore({
  initial: inBrowser
    ? detectLanguage({
        urlLanguage: new URLSearchParams(window.location.search).get('lang'),
        cookieLanguage: readLanguageCookie(document.cookie),
        storedLanguage: readStoredLanguage(),
        browserLanguages: [...(navigator.languages ?? []), navigator.language],
        htmlLanguage: document.documentElement.lang,
      })
    : 'en',
  persist(language) {
    if (!inBrowser) return;
    // The cookie, so pages the server renders (the gift pages) speak the same language.
    document.cookie = languageCookieValue(language, window.location.protocol === 'https:');
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Not persisting is acceptable: the choice still applies to this page view.
    }
  },
  applyToDocument(language) {
    // For screen readers, hyphenation and the next page's detection (`ca-ES-valencia` for Valencian).
    if (inBrowser) document.documentElement.lang = HTML_LANG[language];
  },
});

export const getLanguage = store.get;
export const changeLanguage = store.change;
export const onLanguageChange = store.subscribe;
export const beforeLanguageChange = store.beforeChange;

export function useLanguage(): Language {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
