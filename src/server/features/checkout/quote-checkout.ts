import type { CheckoutQuote } from '@shared/contracts/checkout';
import { pickLocalizedText } from '@shared/domain/localized-text';
import type { Locale } from '@shared/locale';
import { CURRENCY } from '@shared/domain/order-status';
import { computeExpiresAt } from '@shared/domain/validity';
import type { AppContext } from '../../platform/context';
import { findGiftsForSale } from './find-gifts-for-sale';

/** Today's price, validity and expiry of each gift in a cart, in the cart's order; names in the reader's language. */
export async function quoteCheckout(ctx: Pick<AppContext, 'db' | 'now'>, giftIds: string[], reader: Locale): Promise<CheckoutQuote> {
  const found = await findGiftsForSale(ctx.db, giftIds);
  const now = ctx.now();
  return {
    items: giftIds.map((giftId) => {
      const gift = found.get(giftId);
      if (!gift) {
        return {
          giftId,
          available: false,
          name: null,
          businessId: null,
          businessName: null,
          imageUrl: null,
          price: null,
          currency: CURRENCY,
          validityDays: null,
          expiresAtIfPaidNow: null,
        };
      }
      // A gift that is no longer for sale keeps its name (so the cart can say which one)
      // but no price: nothing about it can be bought.
      return {
        giftId,
        available: gift.isForSale,
        name: pickLocalizedText(gift.name, gift.nameTranslations, reader, gift.businessOwnLocale),
        businessId: gift.businessId,
        businessName: gift.businessName,
        imageUrl: gift.isForSale ? gift.imageUrl : null,
        price: gift.isForSale ? gift.price : null,
        currency: gift.currency,
        validityDays: gift.isForSale ? gift.validityDays : null,
        expiresAtIfPaidNow: gift.isForSale ? computeExpiresAt(now, gift.validityDays).toISOString() : null,
      };
    }),
  };
}
