import enCommon from '@web/locales/en/common.json';
import enDistricts from '@web/locales/en/districts.json';
import enShop from '@web/locales/en/shop.json';
import esCommon from '@web/locales/es/common.json';
import esDistricts from '@web/locales/es/districts.json';
import esShop from '@web/locales/es/shop.json';
import type { PageLanguage } from '../../platform/page-language';

/**
 * The public shop pages (issue 30) are rendered by the server without React, like the gift
 * and legal pages, from the `shop` catalogue the web app's catalogue tests cover (same keys in
 * both languages) plus the category names of `common` and the district names of `districts`
 * (`common:` and `districts:` prefixes).
 */
interface Catalogue {
  [key: string]: string | Catalogue;
}
const catalogues: Record<PageLanguage, { shop: Catalogue; common: Catalogue; districts: Catalogue }> = {
  en: { shop: enShop, common: enCommon, districts: enDistricts },
  es: { shop: esShop, common: esCommon, districts: esDistricts },
};

export type ShopText = (key: string, values?: Record<string, string | number>) => string;

function lookUp(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * `{{name}}` placeholders and `_one`/`_other` plurals for a numeric `count`, as i18next
 * renders them; `common:` reads the common catalogue. A missing key is a bug, so it throws.
 */
export function shopText(language: PageLanguage): ShopText {
  const plural = new Intl.PluralRules(language);
  return (key, values = {}) => {
    const colon = key.indexOf(':');
    const [namespace, path] = colon === -1 ? (['shop', key] as const) : ([key.slice(0, colon) as 'common' | 'districts', key.slice(colon + 1)] as const);
    const catalogue = catalogues[language][namespace];
    const count = values.count;
    const text =
      (typeof count === 'number' ? lookUp(catalogue, `${path}_${plural.select(count)}`) : undefined) ?? lookUp(catalogue, path);
    if (text === undefined) throw new Error(`Missing shop text ${language}:${key}`);
    return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
  };
}
