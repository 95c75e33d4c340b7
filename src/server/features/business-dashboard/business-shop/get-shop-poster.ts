import type { ShopPosterSize } from '@shared/contracts/business-shop';
import { shopPath } from '@shared/contracts/shop-links';
import type { AppContext } from '../../../platform/context';
import type { PageLanguage } from '../../../platform/page-language';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { renderQrSvg } from '../../../domain/orders/gift-qr';
import { renderShopPoster } from './render-shop-poster';

/** The owner's counter poster, its QR pointing at the shop page in the poster's language. */
export async function getShopPoster(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: string,
  options: { size: ShopPosterSize; language: PageLanguage },
): Promise<string> {
  const business = await requireOwnedBusiness(ctx.db, userId);
  const shopUrl = `${ctx.config.publicUrl.replace(/\/+$/, '')}${shopPath(business.slug)}`;
  const qrSvg = await renderQrSvg(shopUrl, business.name);
  return renderShopPoster({ language: options.language, size: options.size, businessName: business.name, shopUrl, qrSvg });
}
