import en from '@web/locales/en/legal.json';
import es from '@web/locales/es/legal.json';
import type { PageLanguage } from '../../platform/page-language';

/**
 * The legal pages' texts come from the `legal` catalogues next to the web app's (same keys in
 * both languages, checked by locales/catalogues.test.ts). A page is a group of texts: `title`,
 * `intro`, then `sections`, each with a `heading` and paragraphs (`p…`) or list items (`li…`)
 * in the catalogue's order, so a lawyer's edit is a catalogue edit, never a code change.
 */
export interface Catalogue {
  [key: string]: string | Catalogue;
}
const catalogues: Record<PageLanguage, Catalogue> = { en, es };

export type Values = Record<string, string>;

function nodeAt(language: PageLanguage, key: string): string | Catalogue | undefined {
  let node: string | Catalogue | undefined = catalogues[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
}

/** `{{name}}` placeholders filled in, as i18next renders them; a missing key or value is a bug, so it throws. */
export function fill(text: string, values: Values, key: string): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {{${name}}} in legal text ${key}`);
    return value;
  });
}

export function legalText(language: PageLanguage) {
  return (key: string, values: Values = {}): string => {
    const node = nodeAt(language, key);
    if (typeof node !== 'string') throw new Error(`Missing legal text ${language}:${key}`);
    return fill(node, values, key);
  };
}

export function legalGroup(language: PageLanguage, key: string): Catalogue {
  const node = nodeAt(language, key);
  if (typeof node !== 'object') throw new Error(`Missing legal text group ${language}:${key}`);
  return node;
}
