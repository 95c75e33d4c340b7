import { catalogues, catalogueText, fillPlaceholders, nodeAt, type Catalogue } from '../../platform/catalogues';
import type { PageLanguage } from '../../platform/page-language';

/**
 * The legal pages' texts come from the `legal` catalogues (every key in every language,
 * checked by locales/catalogues.test.ts). A page is a group of texts: `title`,
 * `intro`, then `sections`, each with a `heading` and paragraphs (`p…`) or list items (`li…`)
 * in the catalogue's order, so a lawyer's edit is a catalogue edit, never a code change.
 */
export type { Catalogue };

export type Values = Record<string, string>;

/** `{{name}}` placeholders filled in, as i18next renders them; a missing key or value is a bug, so it throws. */
export function fill(text: string, values: Values, key: string): string {
  return fillPlaceholders(text, values, `legal ${key}`, 'throw');
}

export function legalText(language: PageLanguage): (key: string, values?: Values) => string {
  return catalogueText('legal', language, 'throw');
}

export function legalGroup(language: PageLanguage, key: string): Catalogue {
  const node = nodeAt(catalogues('legal')[language], key);
  if (typeof node !== 'object') throw new Error(`Missing legal text group ${language}:${key}`);
  return node;
}
