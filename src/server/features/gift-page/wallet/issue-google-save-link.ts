import type { AppContext } from '../../../platform/context';
import type { GiftLanguage } from '../../../platform/gift-text';
import { googleSaveUrl } from '../../../platform/wallet/google-wallet-client';
import type { GoogleWalletConfig } from '../../../platform/wallet/wallet-settings';
import type { GiftPageView } from '../get-gift-page';
import { buildGoogleObject } from './build-google-object';
import { passSerial } from './pass-secrets';
import { recordWalletPass } from './record-wallet-pass';

/**
 * The "Add to Google Wallet" link of a gift (ADR 107), made when asked for (the page carries no
 * JWT), and the pass recorded as given to Google so the wallet-updates job patches its object.
 */
export async function issueGoogleSaveLink(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  input: { view: GiftPageView; language: GiftLanguage; google: GoogleWalletConfig },
): Promise<string> {
  const { view, google } = input;
  const { authSecret, publicUrl } = ctx.config;
  const serial = passSerial(authSecret, view.code);
  const now = ctx.now();
  const pass = buildGoogleObject({ view, language: input.language, publicUrl, issuerId: google.issuerId, serial, demo: google.demo });
  await recordWalletPass(ctx.db, { view, serial, now, google: true });
  return googleSaveUrl(google, { ...pass, origins: [publicUrl], now });
}
