import { catalogueText } from '../../../platform/catalogues';
import type { PageLanguage } from '../../../platform/page-language';

/** The poster's texts from the `shop` catalogue (every key in every language, tested). */
export function shopPosterText(language: PageLanguage): (key: string, values?: Record<string, string>) => string {
  return catalogueText('shop', language);
}
