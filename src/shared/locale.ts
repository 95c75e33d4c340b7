/**
 * The one place that knows Regalo's languages (ADR 068): the list, each language's name in
 * itself, the tags used to format and to label documents, and the negotiation that picks one.
 * Everything else (the web app's language menu, the server-rendered pages, the mails, the
 * database CHECKs) takes its languages from here, so adding one is a compiler error wherever
 * a text for it is missing (`Record<Locale, …>`). Kept free of imports: every page loads it.
 */

export const LOCALES = ['en', 'es', 'va'] as const;
export type Locale = (typeof LOCALES)[number];

/** The product's home language, and the one a business's own texts are assumed to be in. */
export const HOME_LOCALE: Locale = 'es';
/** The specification's fallback when nothing the visitor asks for is offered. */
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** Each language's name in that language, as the language menu shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', va: 'Valencià' };

/**
 * The BCP 47 tag each language formats numbers and dates with. Valencian formats as Catalan
 * of Spain ("1.234,50 €"); British English writes the day before the month like Spain does.
 */
export const FORMAT_TAGS: Record<Locale, string> = { en: 'en-GB', es: 'es-ES', va: 'ca-ES' };

/**
 * The tag to hand `Intl` for a language: the product's codes mapped (`va` is no tag `Intl`
 * knows, and would quietly format in English), anything else as given.
 */
export const intlTag = (language: string): string => (isLocale(language) ? FORMAT_TAGS[language] : language);

/** The `lang` attribute of a document in each language. */
export const HTML_LANG: Record<Locale, string> = { en: 'en', es: 'es', va: 'ca-ES-valencia' };

/**
 * The `hreflang` of each language's alternates (pages and sitemap). Search engines read a
 * language, a script and a region but no variant subtag, so `ca-ES-valencia` there was ignored:
 * Valencian is announced as Catalan (`ca`), which Regalo offers in no other form.
 */
export const HREFLANG: Record<Locale, string> = { en: 'en', es: 'es', va: 'ca' };

/**
 * One language tag (from a stored choice, `Accept-Language`, `navigator.languages` or a
 * `?lang=` parameter) as a Regalo language, or null. Catalan in any form chooses Valencian:
 * `ca`, `ca-ES`, `ca-ES-valencia`, and the code `va` the product uses (and older systems sent).
 */
export function localeFromTag(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const primary = tag.trim().split(/[-_]/)[0]!.toLowerCase();
  if (primary === 'ca' || primary === 'va') return 'va';
  return isLocale(primary) ? primary : null;
}

/**
 * The tags of an `Accept-Language` header, best first: by `q` (default 1), ties in the order
 * sent, `q=0` (and wildcards) dropped. Malformed parts are skipped, never thrown on.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

export interface LocaleSources {
  /** A choice the person made (cookie, local storage, account or recipient setting). */
  stored?: string | null | readonly (string | null | undefined)[];
  /** `Accept-Language` as sent, or the browser's `navigator.languages`. */
  acceptLanguage?: string | null;
  browserLanguages?: readonly string[];
  /** The page's own language (`<html lang>`, a `?lang=` link). */
  pageLanguage?: string | null;
}

/**
 * The language to show: a stored choice first, then the browser's languages in its order of
 * preference, then the page's language, then English — the first of them Regalo offers.
 */
export function negotiateLocale({ stored, acceptLanguage, browserLanguages = [], pageLanguage }: LocaleSources): Locale {
  const storedChoices = Array.isArray(stored) ? stored : [stored];
  const candidates = [...storedChoices, ...parseAcceptLanguage(acceptLanguage), ...browserLanguages, pageLanguage];
  for (const candidate of candidates) {
    const locale = localeFromTag(candidate as string | null | undefined);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
