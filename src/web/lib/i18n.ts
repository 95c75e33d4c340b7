import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageDetector } from './language-detector';

export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];

/** The name of each language in that language, as the language menu shows it. */
export const languageNames: Record<Language, string> = { en: 'English', es: 'Español' };

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

void i18n
  .use(bundledBackend)
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: languages,
    // English is the fallback language; Spanish pages do not also download the English
    // catalogues, because locales/catalogues.test.ts guarantees Spanish has every key.
    fallbackLng: { es: [], default: ['en'] },
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
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
