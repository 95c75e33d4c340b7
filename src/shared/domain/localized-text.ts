import { HOME_LOCALE, LOCALES, type Locale } from '../locale';

/**
 * A business's texts in other languages (ADR 073): the base column is the business's own text,
 * in its own language; these are the same text written by the business in other languages.
 * Only the languages it wrote are present; never an empty text.
 */
export type LocalizedTexts = Partial<Record<Locale, string>>;

/**
 * The text a reader sees: theirs when the business wrote it in their language, otherwise the
 * business's own text. The own text always wins in the business's own language (a leftover
 * translation into it, after the business changed its own language, is not shown).
 * The one rule for every page, list, cart and mail that shows a business's or gift's text.
 */
export function pickLocalizedText<Own extends string | null>(
  own: Own,
  translations: LocalizedTexts | null | undefined,
  reader: Locale,
  ownLocale: Locale = HOME_LOCALE,
): Own | string {
  if (reader === ownLocale) return own;
  const translated = translations?.[reader]?.trim();
  return translated ? translated : own;
}

/** The texts a search should match: the own text and every translation. */
export function allLocalizedTexts(own: string | null, translations: LocalizedTexts | null | undefined): string[] {
  const texts = [own, ...LOCALES.map((locale) => translations?.[locale])];
  return texts.filter((text): text is string => typeof text === 'string' && text.trim() !== '');
}
