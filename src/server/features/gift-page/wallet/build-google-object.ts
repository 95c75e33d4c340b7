import { formatAddress, formatDate } from '@shared/format';
import { formatTypedCode } from '@shared/domain/typed-code';
import { giftText, type GiftLanguage } from '../../../platform/gift-text';
import { cardImageSrc } from '../../../platform/storage/image-keys';
import { giftPageUrl } from '../../../domain/orders/gift-page-url';
import type { GiftPageView } from '../get-gift-page';
import { passStatusKey } from './pass-status';

/** Every gift's object belongs to one class: Google's Generic passes put the design in the object. */
export const googleClassId = (issuerId: string) => `${issuerId}.regalo-gift`;
export const googleObjectId = (issuerId: string, serial: string) => `${issuerId}.${serial}`;

/** Google's states: a used gift is completed, an expired one expired, a withdrawn or cancelled one inactive. */
function googleState(status: GiftPageView['status']): 'ACTIVE' | 'COMPLETED' | 'EXPIRED' | 'INACTIVE' {
  if (status === 'paid') return 'ACTIVE';
  if (status === 'redeemed') return 'COMPLETED';
  if (status === 'expired') return 'EXPIRED';
  return 'INACTIVE';
}

/** Google's BCP 47 tag for a language; Valencian is written as `ca` (ADR 058's `ca-ES`). */
const googleLanguage = (language: GiftLanguage) => (language === 'va' ? 'ca' : language);

/**
 * The gift as a Google Wallet Generic object (ADR 107): the Apple pass's content, nothing the
 * gift page does not show; the QR and typed code only while the gift can be used. Also the
 * body of the PATCH the wallet-updates job sends when the gift changes.
 */
export function buildGoogleObject(input: { view: GiftPageView; language: GiftLanguage; publicUrl: string; issuerId: string; serial: string; demo: boolean }) {
  const { view, language, publicUrl } = input;
  const t = giftText(language);
  const text = (value: string) => ({ defaultValue: { language: googleLanguage(language), value } });
  const isReady = view.status === 'paid';
  const picture = cardImageSrc(view.giftImageUrl);
  return {
    id: googleObjectId(input.issuerId, input.serial),
    classId: googleClassId(input.issuerId),
    state: googleState(view.status),
    cardTitle: text(input.demo ? t('wallet.demoLogo') : 'Regalo'),
    header: text(view.giftName),
    subheader: text(view.businessName),
    hexBackgroundColor: '#c2410c',
    logo: { sourceUri: { uri: `${publicUrl}/icons/icon-192.png` }, contentDescription: text('Regalo') },
    ...(picture ? { heroImage: { sourceUri: { uri: `${publicUrl}${picture}` }, contentDescription: text(view.giftName) } } : {}),
    ...(isReady
      ? { barcode: { type: 'QR_CODE', value: giftPageUrl(publicUrl, view.code), alternateText: view.typedCode ? formatTypedCode(view.typedCode) : undefined } }
      : {}),
    validTimeInterval: { end: { date: view.expiresAt.toISOString() } },
    textModulesData: [
      { id: 'status', header: t('status.label'), body: t(passStatusKey(view.status)) },
      { id: 'valid_until', header: t('wallet.validUntil'), body: formatDate(view.expiresAt, language) },
      { id: 'address', header: t('business.title'), body: `${view.businessName}, ${formatAddress(view.businessAddress, view.businessCity)}` },
      ...(input.demo ? [{ id: 'demo', header: t('wallet.demoLogo'), body: t('wallet.demoNote') }] : []),
    ],
    linksModuleData: { uris: [{ id: 'gift_page', uri: giftPageUrl(publicUrl, view.code), description: t('wallet.pageLabel') }] },
  };
}
