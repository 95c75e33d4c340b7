import type { CheckoutQuote } from '@shared/contracts/checkout';
import { pickLocalizedText } from '@shared/domain/localized-text';
import type { Locale } from '@shared/locale';
import { CURRENCY } from '@shared/domain/order-status';
import { computeExpiresAt } from '@shared/domain/validity';
import type { AppContext } from '../../platform/context';
import { findGiftsForSale } from './find-gifts-for-sale';

/**
 * Today's price, validity and expiry of each gift in a cart, in the cart's order; names in the
 * reader's language. Only what the public catalogue shows: a gift not listed now is unknown.
 */
export async function quoteCheckout(ctx: Pick<AppContext, 'db' | 'now'>, giftIds: string[], reader: Locale): Promise<CheckoutQuote> {
  const now = ctx.now();
  const found = await findGiftsForSale(ctx.db, giftIds, now);
  return {
    items: giftIds.map((giftId) => {
      const gift = found.get(giftId);
      // Anyone may ask, so a gift that is not listed now (off sale, archived, hidden after a
      // report, or its business not listed) is answered exactly as an unknown id: its name and
      // business stay private. The cart keeps the name it already has for such a line.
      if (!gift?.isForSale) {
        return {
          giftId,
          available: false,
          name: null,
          businessId: null,
          businessName: null,
          imageUrl: null,
          price: null,
          kind: null,
          minAmount: null,
          maxAmount: null,
          suggestedAmounts: null,
          currency: CURRENCY,
          validityDays: null,
          expiresAtIfPaidNow: null,
          bookedOnline: false,
        };
      }
      return {
        giftId,
        available: true,
        name: pickLocalizedText(gift.name, gift.nameTranslations, reader, gift.businessOwnLocale),
        businessId: gift.businessId,
        businessName: gift.businessName,
        imageUrl: gift.imageUrl,
        price: gift.price,
        kind: gift.kind,
        minAmount: gift.minAmount,
        maxAmount: gift.maxAmount,
        suggestedAmounts: gift.suggestedAmounts,
        currency: gift.currency,
        validityDays: gift.validityDays,
        expiresAtIfPaidNow: computeExpiresAt(now, gift.validityDays).toISOString(),
        bookedOnline: gift.isBookedOnline,
      };
    }),
  };
}
