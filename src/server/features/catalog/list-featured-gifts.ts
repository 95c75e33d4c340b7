import { firstGiftsListing } from '@shared/contracts/catalog-options';
import type { FeaturedGift } from '@shared/contracts/shop';
import { formatPrice } from '@shared/format';
import { cardBounds } from '@shared/domain/gift-card';
import { shopText } from './shop-text';
import type { Executor } from '../../db/client';
import type { PageLanguage } from '../../platform/page-language';
import { cardImageSrc } from '../../platform/storage/image-keys';
import { listCatalogGifts } from './list-catalog-gifts';

export const FEATURED_GIFTS = 4;

/** The landing page's few gifts: the newest listed ones, with their public page's address. */
export async function listFeaturedGifts(db: Executor, language: PageLanguage, now: Date = new Date()): Promise<{ items: FeaturedGift[] }> {
  const page = await listCatalogGifts(db, { ...firstGiftsListing, sort: 'newest', pageSize: FEATURED_GIFTS }, language, now);
  return {
    items: page.items.map((gift) => ({
      name: gift.name,
      businessName: gift.business.name,
      price: gift.price,
      // A gift card's bounds in the page's words (ADR 108).
      priceText: cardBounds(gift) ? shopText(language)('card.priceRange', { min: formatPrice(gift.minAmount!), max: formatPrice(gift.maxAmount!) }) : formatPrice(gift.price),
      imageUrl: cardImageSrc(gift.imageUrl),
      href: `/b/${gift.business.slug}/${gift.slug}?lang=${language}`,
    })),
  };
}
