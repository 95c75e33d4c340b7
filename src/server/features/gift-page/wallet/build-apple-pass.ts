import { PKPass } from 'passkit-generator';
import { formatAddress, formatDate } from '@shared/format';
import { formatTypedCode } from '@shared/domain/typed-code';
import type { AppleWalletConfig } from '../../../platform/wallet/wallet-settings';
import { giftText, type GiftLanguage } from '../../../platform/gift-text';
import { giftPageUrl } from '../../../domain/orders/gift-page-url';
import type { GiftPageView } from '../get-gift-page';
import { PASS_COLOURS } from './pass-images';
import { passStatusKey } from './pass-status';

const REMINDER_MS = 7 * 24 * 60 * 60 * 1000;

export const PKPASS_CONTENT_TYPE = 'application/vnd.apple.pkpass';

/** Where the pass's web service lives; Wallet appends `/v1/...` (Apple's PassKit web service). */
export const APPLE_WEB_SERVICE_PATH = '/api/wallet/apple';

export interface ApplePassInput {
  view: GiftPageView;
  language: GiftLanguage;
  publicUrl: string;
  apple: AppleWalletConfig;
  serial: string;
  authToken: string;
  /** Regalo's icon and logo, and the gift's picture (else its business's) as a thumbnail when there is one. */
  images: Record<string, Buffer>;
}

/**
 * The gift as a signed Apple Wallet pass (ADR 107): what the gift page shows and nothing more
 * (no price, no giver address, no recipient contact), in the recipient's language; a gift
 * card's balance on its front. The QR
 * and the typed code are there only while the gift can be redeemed, as on the page; a used,
 * expired, withdrawn or cancelled gift's pass is voided.
 */
export function buildApplePass(input: ApplePassInput): Buffer {
  const { view, language, apple } = input;
  const t = giftText(language);
  const isReady = view.status === 'paid';
  const pass = new PKPass(
    input.images,
    { wwdr: apple.wwdrPem, signerCert: apple.signerCertPem, signerKey: apple.signerKeyPem, signerKeyPassphrase: apple.signerKeyPassphrase },
    {
      formatVersion: 1,
      passTypeIdentifier: apple.passTypeId,
      teamIdentifier: apple.teamId,
      serialNumber: input.serial,
      organizationName: 'Regalo',
      description: t('wallet.description', { gift: view.giftName, business: view.businessName }),
      logoText: apple.demo ? t('wallet.demoLogo') : 'Regalo',
      backgroundColor: PASS_COLOURS.background,
      foregroundColor: PASS_COLOURS.foreground,
      labelColor: PASS_COLOURS.label,
      webServiceURL: `${input.publicUrl}${APPLE_WEB_SERVICE_PATH}`,
      authenticationToken: input.authToken,
      sharingProhibited: true,
      voided: !isReady,
    },
  );
  pass.type = 'generic';
  pass.headerFields.push({ key: 'status', label: t('status.label'), value: t(passStatusKey(view.status)), changeMessage: '%@' });
  if (view.card) {
    // A gift card's balance is its front: a number with its currency, which the phone writes
    // in its own format, and a notice of the new one after each use or undo.
    pass.primaryFields.push({
      key: 'balance',
      label: t('wallet.balance'),
      value: view.card.balanceCents / 100,
      currencyCode: 'EUR',
      changeMessage: t('wallet.balanceChanged'),
    });
    pass.secondaryFields.push({ key: 'gift', label: t('page.giftTitle'), value: view.giftName });
  } else {
    pass.primaryFields.push({ key: 'gift', label: t('page.giftTitle'), value: view.giftName });
  }
  pass.secondaryFields.push({ key: 'business', label: t('business.title'), value: view.businessName });
  pass.auxiliaryFields.push({
    key: 'validUntil',
    label: t('wallet.validUntil'),
    value: formatDate(view.expiresAt, language),
    // Extended validity tells the phone what changed.
    changeMessage: t('wallet.validUntilChanged'),
  });
  if (isReady && view.typedCode) {
    pass.auxiliaryFields.push({ key: 'code', label: t('qr.codeLabel'), value: formatTypedCode(view.typedCode) });
  }
  pass.backFields.push(
    ...(apple.demo ? [{ key: 'demo', label: t('wallet.demoLogo'), value: t('wallet.demoNote') }] : []),
    { key: 'address', label: t('business.title'), value: `${view.businessName}\n${formatAddress(view.businessAddress, view.businessCity)}` },
    ...(view.senderName ? [{ key: 'from', label: t('wallet.from'), value: view.senderName }] : []),
    ...(view.personalMessage ? [{ key: 'message', label: t('page.message'), value: view.personalMessage }] : []),
    { key: 'page', label: t('wallet.pageLabel'), value: giftPageUrl(input.publicUrl, view.code) },
  );
  if (isReady) {
    // The message the counter's scanner reads: the gift page's address, as the page's own QR.
    pass.setBarcodes({
      format: 'PKBarcodeFormatQR',
      message: giftPageUrl(input.publicUrl, view.code),
      messageEncoding: 'iso-8859-1',
      altText: view.typedCode ? formatTypedCode(view.typedCode) : undefined,
    });
  }
  if (isReady) {
    // Its last week: the phone brings the pass forward, as the "a week left" email reminds.
    const reminderFrom = new Date(view.expiresAt.getTime() - REMINDER_MS);
    pass.setRelevantDate(reminderFrom);
    pass.setRelevantDates([{ startDate: reminderFrom, endDate: view.expiresAt }]);
  }
  if (isReady && view.businessLocation) {
    // The phone shows the pass on the lock screen near the shop, while the gift can be used.
    pass.setLocations({ ...view.businessLocation, relevantText: t('wallet.nearby', { business: view.businessName }) });
  }
  pass.setExpirationDate(view.expiresAt);
  // The texts are already in the recipient's language; Wallet shows no other.
  return pass.getAsBuffer();
}
