import en from '@web/locales/en/shop.json';
import es from '@web/locales/es/shop.json';
import type { PageLanguage } from '../../../platform/page-language';

interface Catalogue {
  [key: string]: string | Catalogue;
}
const catalogues: Record<PageLanguage, Catalogue> = { en, es };

/** The poster's texts from the `shop` catalogue (the same keys in both languages, tested). */
export function shopPosterText(language: PageLanguage) {
  return (key: string, values: Record<string, string> = {}): string => {
    let node: string | Catalogue | undefined = catalogues[language];
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`Missing poster text ${language}:${key}`);
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
  };
}
