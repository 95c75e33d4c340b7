import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { HTML_LANG, LOCALE_NAMES, LOCALES, type Locale } from '@shared/locale';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { useText } from '@web/lib/text';
import { cn } from '@web/lib/cn';

export interface TranslatedField {
  /** The form's map of texts per language, e.g. `nameTranslations`. */
  name: string;
  /** The base field's label ("Name"), said with the language. */
  label: string;
  rows?: number;
}

/**
 * "Also in: English · Valencià" (ADR 073): the business's texts in the languages other than
 * its own, one language at a time. A row of toggle buttons opens a language (each says
 * whether it has a text; pressing the open one closes it); the fields below are that language's. A language left empty shows
 * readers the business's own text.
 */
export function OtherLanguageTexts({
  ownLocale,
  fields,
  register,
  errorOf,
  hasText,
}: {
  ownLocale: Locale;
  fields: readonly TranslatedField[];
  register: (path: string) => UseFormRegisterReturn;
  errorOf: (field: string, locale: Locale) => string | undefined;
  hasText: (locale: Locale) => boolean;
}) {
  const { t } = useText('dashboard');
  const id = useId();
  const others = LOCALES.filter((locale) => locale !== ownLocale);
  // Closed until a language is chosen: the form stays short for a business writing in one language.
  const [shown, setShown] = useState<Locale | null>(null);
  const current = shown !== null && others.includes(shown) ? shown : null;
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-3" aria-describedby={`${id}-lead`} data-testid="other-language-texts">
      <legend className="px-1 font-semibold">{t('translations.title')}</legend>
      <p id={`${id}-lead`} className="text-sm text-muted">
        {t('translations.lead')}
      </p>
      <div role="group" aria-label={t('translations.choose')} className="flex flex-wrap gap-2">
        {others.map((locale) => (
          <button
            key={locale}
            type="button"
            lang={HTML_LANG[locale]}
            aria-pressed={locale === current}
            onClick={() => setShown(locale === current ? null : locale)}
            className={cn(
              'min-h-11 rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2',
              locale === current ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-line bg-white text-ink',
            )}
          >
            {LOCALE_NAMES[locale]}
            {hasText(locale) ? <span className="ml-1 font-normal text-muted">· {t('translations.written')}</span> : null}
          </button>
        ))}
      </div>
      {current === null ? null : fields.map((field) => {
        const label = t('translations.field', { field: field.label, language: LOCALE_NAMES[current] });
        const error = errorOf(field.name, current);
        return field.rows ? (
          <Field key={`${field.name}.${current}`} label={label} error={error}>
            <Textarea rows={field.rows} {...register(`${field.name}.${current}`)} />
          </Field>
        ) : (
          <Field key={`${field.name}.${current}`} label={label} error={error}>
            <Input {...register(`${field.name}.${current}`)} />
          </Field>
        );
      })}
    </fieldset>
  );
}
