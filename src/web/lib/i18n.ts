import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeLanguageChange, getLanguage, languages, onLanguageChange } from './language';

/**
 * i18next for the single-page app (everything but the landing page, see ADR 015). The
 * catalogues are part of the build (src/web/locales/<lang>/<namespace>.json), one chunk per
 * language and namespace, so a page only loads the texts it uses and no translation service
 * is ever called. A specification key such as `business.signup.errors.fieldRequired` lives
 * in namespace `business` at `signup.errors.fieldRequired`.
 *
 * The language itself belongs to `lib/language.ts` (detection, the stored choice, <html
 * lang>); i18next follows it, so the shared header's language menu switches every text on
 * the page, whichever runtime renders it.
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
  .use(initReactI18next)
  .init({
    lng: getLanguage(),
    supportedLngs: languages,
    // English is the fallback language; Spanish pages do not also download the English
    // catalogues, because locales/catalogues.test.ts guarantees Spanish has every key.
    fallbackLng: { es: [], default: ['en'] },
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

// The namespaces this page uses load in the new language before anything switches.
beforeLanguageChange((language) => i18n.loadLanguages(language));
onLanguageChange((language) => void i18n.changeLanguage(language));

export default i18n;
