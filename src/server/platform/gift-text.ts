import en from '@web/locales/en/gift.json';
import es from '@web/locales/es/gift.json';
import { pageLanguages, type PageLanguage } from './page-language';

/**
 * The gift page, print card and gift email are rendered by the server without React or
 * i18next, from the same `gift` catalogues the web app bundles, so the catalogue tests (same keys in both languages, the
 * two runtimes rendering alike) cover these texts too.
 */
export type GiftLanguage = PageLanguage;
export const giftLanguages: readonly GiftLanguage[] = pageLanguages;

interface Catalogue {
  [key: string]: string | Catalogue;
}
const catalogues: Record<GiftLanguage, Catalogue> = { en, es };

export type GiftText = (key: string, values?: Record<string, string>) => string;

/** `{{name}}` placeholders, as i18next renders them; a missing key is a bug, so it throws. */
export function giftText(language: GiftLanguage): GiftText {
  return (key, values = {}) => {
    let node: string | Catalogue | undefined = catalogues[language];
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`Missing gift text ${language}:${key}`);
    return node.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
  };
}

