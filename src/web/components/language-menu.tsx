/**
 * LanguageMenu — shows the current language by name ("English" / "Español") and switches
 * the whole interface at once; lib/language.ts stores the choice (localStorage `i18nextLng`)
 * and updates <html lang>. Drop it into any header or footer:
 *   <LanguageMenu />            // light backgrounds
 *   <LanguageMenu tone="dark" /> // on dark backgrounds
 * A native <select> on purpose: it is keyboard- and screen-reader-friendly everywhere,
 * opens the platform picker on phones and costs no JavaScript of its own.
 */
import { Globe } from 'lucide-react';
import { useId } from 'react';
import { HTML_LANG } from '@shared/locale';
import { changeLanguage, isLanguage, languageNames, languages } from '../lib/language';
import { useText } from '../lib/text';

export function LanguageMenu({ tone = 'light', className = '' }: { tone?: 'light' | 'dark'; className?: string }) {
  const { t, language } = useText('common');
  const id = useId();
  const colours =
    tone === 'dark'
      ? 'border-white/30 bg-white/10 text-white hover:bg-white/15 [&>option]:text-ink'
      : 'border-line bg-white/80 text-ink hover:border-stone-400';

  return (
    <div className={`relative inline-flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <Globe aria-hidden="true" className={`pointer-events-none absolute left-3 size-4 ${tone === 'dark' ? 'text-white' : 'text-brand-700'}`} />
      <select
        id={id}
        value={language}
        onChange={(event) => {
          // If the new texts cannot load (offline) the menu stays on the language shown.
          if (isLanguage(event.target.value)) changeLanguage(event.target.value).catch(() => undefined);
        }}
        className={`min-h-10 cursor-pointer appearance-none rounded-full border py-1.5 pl-9 pr-8 text-sm font-semibold transition-colors ${colours}`}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={HTML_LANG[language]}>
            {languageNames[language]}
          </option>
        ))}
      </select>
      <svg aria-hidden="true" viewBox="0 0 12 12" className={`pointer-events-none absolute right-3 size-3 ${tone === 'dark' ? 'text-white' : 'text-muted'}`}>
        <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}
