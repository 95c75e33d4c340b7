import { catalogueText, type CatalogueText } from '../../platform/catalogues';
import type { PageLanguage } from '../../platform/page-language';

/**
 * The public shop pages (ADR 067) are rendered by the server without React, like the gift
 * and legal pages, from the `shop` catalogue (every key in every language, tested) plus the
 * category names of `common` and the district names of `districts` (`common:` and `districts:`
 * prefixes).
 */
export type ShopText = (key: string, values?: Record<string, string | number>) => string;

/**
 * `{{name}}` placeholders and `_one`/`_other` plurals for a numeric `count`, as i18next
 * renders them; `common:` reads the common catalogue. A missing key is a bug, so it throws.
 */
export function shopText(language: PageLanguage): ShopText {
  const texts: Record<'shop' | 'common' | 'districts', CatalogueText> = {
    shop: catalogueText('shop', language),
    common: catalogueText('common', language),
    districts: catalogueText('districts', language),
  };
  return (key, values = {}) => {
    const colon = key.indexOf(':');
    if (colon === -1) return texts.shop(key, values);
    return texts[key.slice(0, colon) as 'common' | 'districts'](key.slice(colon + 1), values);
  };
}
