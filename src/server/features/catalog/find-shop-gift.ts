import { and, eq } from 'drizzle-orm';
import type { Locale } from '@shared/locale';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts, giftSlugHistory } from '../../db/schema/gifts';
import { isListedGift } from '../../domain/catalog/visibility';
import { findShopBusiness, type ShopBusiness } from './find-shop-business';
import type { ListedGift } from './list-catalog-gifts';

/**
 * What `/b/<business>/<gift>` shows: a buyable gift of a listed business (with the business's
 * other gifts), `onSale` false for a gift booked online that offers no time soon enough (its
 * page stays, without the way to buy it: ADR 105); `moved` when either slug is an old one (301 to the current address); `gone`
 * for a gift its business no longer sells, or a business no longer listed (410); `missing`
 * otherwise (404, with the business's page to go to when there is one).
 */
export type ShopGiftLookup =
  | { kind: 'found'; business: ShopBusiness; gift: ListedGift & { updatedAt: Date }; onSale: boolean; others: ListedGift[] }
  | { kind: 'moved'; path: string }
  | { kind: 'gone'; businessName: string; business: ShopBusiness | null }
  | { kind: 'missing'; business: ShopBusiness | null };

export async function findShopGift(db: Executor, businessSlug: string, giftSlug: string, reader: Locale, now: Date = new Date()): Promise<ShopGiftLookup> {
  const owner = await findShopBusiness(db, businessSlug, reader, now);
  if (owner.kind === 'moved') return { kind: 'moved', path: `/b/${owner.slug}/${giftSlug}` };
  if (owner.kind === 'gone') return { kind: 'gone', businessName: owner.name, business: null };
  if (owner.kind === 'missing') return { kind: 'missing', business: null };
  const { business } = owner;
  const onSale = owner.gifts.find((candidate) => candidate.slug === giftSlug);
  const gift = onSale ?? owner.waiting.find((candidate) => candidate.slug === giftSlug);
  if (gift) {
    const [stamp] = await db.select({ updatedAt: gifts.updatedAt }).from(gifts).where(eq(gifts.id, gift.id));
    return {
      kind: 'found',
      business,
      gift: { ...gift, updatedAt: stamp?.updatedAt ?? business.updatedAt },
      onSale: Boolean(onSale),
      others: owner.gifts.filter((other) => other.id !== gift.id),
    };
  }
  const [unlisted] = await db
    .select({ name: gifts.name, listed: isListedGift() })
    .from(gifts)
    .where(and(eq(gifts.businessId, business.id), eq(gifts.slug, giftSlug)));
  if (unlisted) return { kind: 'gone', businessName: business.name, business };
  const [old] = await db
    .select({ slug: gifts.slug })
    .from(giftSlugHistory)
    .innerJoin(gifts, eq(gifts.id, giftSlugHistory.giftId))
    .innerJoin(businesses, eq(businesses.id, gifts.businessId))
    .where(and(eq(giftSlugHistory.businessId, business.id), eq(giftSlugHistory.slug, giftSlug)));
  if (old) return { kind: 'moved', path: `/b/${business.slug}/${old.slug}` };
  return { kind: 'missing', business };
}
