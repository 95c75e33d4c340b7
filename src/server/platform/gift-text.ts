import { catalogueText, type CatalogueText } from './catalogues';
import { pageLanguages, type PageLanguage } from './page-language';

/**
 * The gift page, print card, calendar file and gift email are rendered by the server without
 * React, from the same `gift` catalogues the web app loads (platform/catalogues.ts), so the
 * catalogue tests (every key in every language, the runtimes rendering alike) cover these texts too.
 */
export type GiftLanguage = PageLanguage;
export const giftLanguages: readonly GiftLanguage[] = pageLanguages;

export type GiftText = (key: string, values?: Record<string, string>) => string;

/** `{{name}}` placeholders, as i18next renders them; a missing key is a bug, so it throws. */
export function giftText(language: GiftLanguage): GiftText {
  return catalogueText('gift', language) as CatalogueText;
}
