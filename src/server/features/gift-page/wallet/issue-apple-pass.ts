import { Readable } from 'node:stream';
import type { AppContext } from '../../../platform/context';
import type { AppleWalletConfig } from '../../../platform/wallet/wallet-settings';
import { keyFromPublicUrl } from '../../../platform/storage/public-files';
import type { GiftLanguage } from '../../../platform/gift-text';
import type { GiftPageView } from '../get-gift-page';
import { buildApplePass } from './build-apple-pass';
import { regaloPassImages, thumbnailImages } from './pass-images';
import { passAuthToken, passSerial } from './pass-secrets';
import { recordWalletPass } from './record-wallet-pass';

/** A picture the gift page shows (the gift's or its business's), or nothing when there is none or it cannot be read. */
async function giftPicture(ctx: Pick<AppContext, 'storage'>, imageUrl: string | null): Promise<Buffer | null> {
  const key = keyFromPublicUrl(imageUrl);
  if (!key) return null;
  const file = await ctx.storage.get(key).catch(() => null);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(file.body)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The gift's signed `.pkpass` (ADR 107), recorded so that its web service can serve and
 * update it. Used for the first download and for Wallet's "latest pass" alike.
 */
export async function issueApplePass(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config' | 'now'>,
  input: { view: GiftPageView; language: GiftLanguage; apple: AppleWalletConfig },
): Promise<Buffer> {
  const { view } = input;
  const { authSecret, publicUrl } = ctx.config;
  const serial = passSerial(authSecret, view.code);
  // The gift's own picture, else its business's: both are on the gift page.
  const picture = (await giftPicture(ctx, view.giftImageUrl)) ?? (await giftPicture(ctx, view.businessImageUrl));
  const images = { ...(await regaloPassImages()), ...(picture ? await thumbnailImages(picture).catch(() => ({})) : {}) };
  const pass = buildApplePass({ ...input, publicUrl, serial, authToken: passAuthToken(authSecret, view.code), images });
  await recordWalletPass(ctx.db, { view, serial, now: ctx.now() });
  return pass;
}
