import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];

/**
 * The catalogues are part of the build (src/web/locales/<lang>/<namespace>.json), one chunk
 * per language and namespace, so a page only loads the texts it uses and no translation
 * service is ever called. A specification key such as `business.signup.errors.fieldRequired`
 * lives in namespace `business` at `signup.errors.fieldRequired`.
 */
const catalogues = import.meta.glob<{ default: ResourceKey }>('../locales/*/*.json');

const bundledBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogues[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No catalogue ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

void i18n
  .use(bundledBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: languages,
    fallbackLng: 'en',
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator', 'htmlTag'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
    react: { useSuspense: true },
  });

// <html lang> follows the interface language, for screen readers and hyphenation.
const syncHtmlLang = (lng: string) => {
  document.documentElement.lang = lng.startsWith('es') ? 'es' : 'en';
};
i18n.on('languageChanged', syncHtmlLang);
if (i18n.resolvedLanguage) syncHtmlLang(i18n.resolvedLanguage);

export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'es' ? 'es' : 'en';
}

export default i18n;
