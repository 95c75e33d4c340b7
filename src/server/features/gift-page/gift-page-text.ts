// The catalogue reader lives with the shared server code: the gift email reads it too.
export { giftLanguages, giftText, type GiftLanguage, type GiftText } from '../../platform/gift-text';

// The negotiation is shared with the legal pages (platform/page-language.ts).
export {
  languageFromAcceptLanguage,
  toPageLanguage as toGiftLanguage,
} from '../../platform/page-language';
