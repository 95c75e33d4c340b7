import en from '@web/locales/en/gift.json';
import es from '@web/locales/es/gift.json';

/**
 * The gift page is rendered by the server without React or i18next, from the same `gift`
 * catalogues the web app bundles, so the catalogue tests (same keys in both languages, the
 * two runtimes rendering alike) cover these texts too.
 */
export type GiftLanguage = 'en' | 'es';
export const giftLanguages: readonly GiftLanguage[] = ['en', 'es'];

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

export function toGiftLanguage(value: unknown): GiftLanguage | undefined {
  return value === 'en' || value === 'es' ? value : undefined;
}

/** The first of the browser's languages we speak (`es-ES,es;q=0.9,en;q=0.8` → es). */
export function languageFromAcceptLanguage(header: string | undefined): GiftLanguage | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = toGiftLanguage(entry.base);
    if (language) return language;
  }
  return undefined;
}
