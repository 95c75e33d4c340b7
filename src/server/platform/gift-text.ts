import en from '@web/locales/en/gift.json';
import es from '@web/locales/es/gift.json';
import type { Locale } from '@shared/locale';
import { pageLanguages } from './page-language';

/**
 * The gift page, print card and gift email are rendered by the server without React or
 * i18next, from the same `gift` catalogues the web app bundles, so the catalogue tests (same keys in both languages, the
 * two runtimes rendering alike) cover these texts too.
 */
export type GiftLanguage = Locale;
export const giftLanguages: readonly GiftLanguage[] = pageLanguages;

interface Catalogue {
  [key: string]: string | Catalogue;
}
/**
 * Valencian reads the Spanish gift texts until the `va` gift catalogue lands (issue 31, the
 * catalogue move); the mails' own words are already Valencian (platform/mail/*-texts.ts).
 */
const catalogues: Record<GiftLanguage, Catalogue> = { en, es, va: es };

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

