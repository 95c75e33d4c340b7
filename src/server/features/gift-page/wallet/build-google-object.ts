import { createHash } from 'node:crypto';
import { formatAddress, formatDate } from '@shared/format';
import { formatTypedCode } from '@shared/domain/typed-code';
import { giftLanguages, giftText, type GiftLanguage } from '../../../platform/gift-text';
import { cardImageSrc } from '../../../platform/storage/image-keys';
import { giftPageUrl } from '../../../domain/orders/gift-page-url';
import type { GoogleObjectType } from '../../../platform/wallet/google-wallet-client';
import type { GiftPageView } from '../get-gift-page';
import { passStatusKey } from './pass-status';

/** Every fixed gift's object belongs to one class: Google's Generic passes put the design in the object. */
export const googleClassId = (issuerId: string) => `${issuerId}.regalo-gift`;
/**
 * A gift card's class is its business's card programme (Google shows the class's merchant name
 * and logo on every card of it): one per business, named by a digest of its id rather than
 * the id itself, which the gift page never shows.
 */
export const googleCardClassId = (issuerId: string, businessId: string) =>
  `${issuerId}.regalo-card-${createHash('sha256').update(businessId).digest('base64url').slice(0, 22)}`;
export const googleObjectId = (issuerId: string, serial: string) => `${issuerId}.${serial}`;

/** Regalo's orange, as the Apple pass and the favicon. */
const BACKGROUND = '#c2410c';

/** Google's states: a used gift is completed, an expired one expired, a withdrawn or cancelled one inactive. */
function googleState(status: GiftPageView['status']): 'ACTIVE' | 'COMPLETED' | 'EXPIRED' | 'INACTIVE' {
  if (status === 'paid') return 'ACTIVE';
  if (status === 'redeemed') return 'COMPLETED';
  if (status === 'expired') return 'EXPIRED';
  return 'INACTIVE';
}

/** Google's BCP 47 tag for a language; Valencian is written as `ca` (ADR 058's `ca-ES`). */
const googleLanguage = (language: GiftLanguage) => (language === 'va' ? 'ca' : language);

/** A Money amount as Google reads it: micros (a millionth of the unit, so cents × 10 000) as an int64 string. */
export const googleMoney = (cents: number) => ({ micros: String(cents * 10_000), currencyCode: 'EUR' });

export interface GoogleWalletPass {
  type: GoogleObjectType;
  /** The class the object belongs to, carried in the save link so Google creates it on first save. */
  walletClass: Record<string, unknown>;
  /** The object: in the save link, and the whole new content the wallet-updates job sends when the gift changes. */
  walletObject: Record<string, unknown>;
}

export interface GoogleObjectInput {
  view: GiftPageView;
  language: GiftLanguage;
  publicUrl: string;
  issuerId: string;
  serial: string;
  demo: boolean;
}

/**
 * The gift as a Google Wallet pass (ADR 107): a Generic object for a fixed gift, a Gift Card
 * object with its balance for a gift card. Either holds the Apple pass's content and nothing
 * the gift page does not show; the QR and the typed code only while the gift can be used.
 */
export function buildGoogleObject(input: GoogleObjectInput): GoogleWalletPass {
  return input.view.card ? giftCardPass(input, input.view.card.balanceCents) : genericPass(input);
}

/** What both kinds of object say alike: state, code, validity, the texts and the page's link. */
function commonFields(input: GoogleObjectInput) {
  const { view, language, publicUrl } = input;
  const t = giftText(language);
  const text = (value: string) => ({ defaultValue: { language: googleLanguage(language), value } });
  const isReady = view.status === 'paid';
  // The gift's picture, else its business's, as the Apple pass's thumbnail.
  const picture = cardImageSrc(view.giftImageUrl) ?? cardImageSrc(view.businessImageUrl);
  return {
    text,
    isReady,
    fields: {
      id: googleObjectId(input.issuerId, input.serial),
      state: googleState(view.status),
      ...(picture ? { heroImage: { sourceUri: { uri: `${publicUrl}${picture}` }, contentDescription: text(view.giftName) } } : {}),
      ...(isReady
        ? { barcode: { type: 'QR_CODE', value: giftPageUrl(publicUrl, view.code), alternateText: view.typedCode ? formatTypedCode(view.typedCode) : undefined } }
        : {}),
      validTimeInterval: { end: { date: view.expiresAt.toISOString() } },
      // Google's geofenced notification near the shop (MerchantLocation, which replaced the
      // deprecated LatLongPoint `locations`), while the gift can be used.
      ...(isReady && view.businessLocation ? { merchantLocations: [view.businessLocation] } : {}),
      textModulesData: [
        { id: 'status', header: t('status.label'), body: t(passStatusKey(view.status)) },
        { id: 'valid_until', header: t('wallet.validUntil'), body: formatDate(view.expiresAt, language) },
        { id: 'address', header: t('business.title'), body: `${view.businessName}, ${formatAddress(view.businessAddress, view.businessCity)}` },
        ...(input.demo ? [{ id: 'demo', header: t('wallet.demoLogo'), body: t('wallet.demoNote') }] : []),
      ],
      linksModuleData: { uris: [{ id: 'gift_page', uri: giftPageUrl(publicUrl, view.code), description: t('wallet.pageLabel') }] },
    },
  };
}

function genericPass(input: GoogleObjectInput): GoogleWalletPass {
  const { view, publicUrl } = input;
  const { text, isReady, fields } = commonFields(input);
  return {
    type: 'genericObject',
    walletClass: { id: googleClassId(input.issuerId) },
    walletObject: {
      ...fields,
      classId: googleClassId(input.issuerId),
      cardTitle: text(input.demo ? giftText(input.language)('wallet.demoLogo') : 'Regalo'),
      header: text(view.giftName),
      subheader: text(view.businessName),
      hexBackgroundColor: BACKGROUND,
      logo: { sourceUri: { uri: `${publicUrl}/icons/icon-192.png` }, contentDescription: text('Regalo') },
      // Google tells the person shortly before the end of the validity.
      notifications: { expiryNotification: { enableNotification: isReady } },
    },
  };
}

/** One text in the three languages, for a class that every holder reads in their own. */
function everyLanguage(language: GiftLanguage, key: string) {
  const value = (lang: GiftLanguage) => ({ language: googleLanguage(lang), value: giftText(lang)(key) });
  return { defaultValue: value(language), translatedValues: giftLanguages.filter((lang) => lang !== language).map(value) };
}

function giftCardPass(input: GoogleObjectInput, balanceCents: number): GoogleWalletPass {
  const { view, language, publicUrl } = input;
  const t = giftText(language);
  const { fields, isReady } = commonFields(input);
  const classId = googleCardClassId(input.issuerId, view.businessId);
  return {
    type: 'giftCardObject',
    walletClass: {
      id: classId,
      issuerName: input.demo ? t('wallet.demoLogo') : 'Regalo',
      merchantName: view.businessName,
      // Classes in a save link are created under review, as Google asks of a new class.
      reviewStatus: 'UNDER_REVIEW',
      programLogo: { sourceUri: { uri: `${publicUrl}/icons/icon-192.png` } },
      hexBackgroundColor: BACKGROUND,
      localizedCardNumberLabel: everyLanguage(language, 'qr.codeLabel'),
    },
    walletObject: {
      ...fields,
      classId,
      // Google requires a card number: the typed code the counter types, while it can be used.
      cardNumber: isReady && view.typedCode ? formatTypedCode(view.typedCode) : '—',
      balance: googleMoney(balanceCents),
      disableExpirationNotification: !isReady,
      textModulesData: [{ id: 'gift', header: t('page.giftTitle'), body: view.giftName }, ...fields.textModulesData],
    },
  };
}
