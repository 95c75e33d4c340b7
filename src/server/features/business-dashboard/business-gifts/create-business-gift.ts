import type { DashboardGift, GiftValues } from '@shared/contracts/business-dashboard';
import { CURRENCY } from '@shared/domain/order-status';
import { gifts } from '../../../db/schema/gifts';
import type { AppContext } from '../../../platform/context';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { toDashboardGift } from './gift-row';

/** A new gift or gift card of the caller's business; the amounts arrive already parsed to cents. */
export async function createBusinessGift(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: string,
  values: GiftValues,
): Promise<DashboardGift> {
  const business = await requireOwnedBusiness(ctx.db, userId, { mustBeActive: true });
  const now = ctx.now();
  const [gift] = await ctx.db
    .insert(gifts)
    .values({
      businessId: business.id,
      name: values.name,
      description: values.description,
      nameTranslations: values.nameTranslations,
      descriptionTranslations: values.descriptionTranslations,
      kind: values.kind,
      price: values.price,
      minAmount: values.minAmount,
      maxAmount: values.maxAmount,
      suggestedAmounts: values.suggestedAmounts,
      currency: CURRENCY,
      isAvailable: values.isAvailable,
      forTwo: values.forTwo,
      validityDays: values.validityDays,
      bookingRequired: values.bookingRequired,
      partySize: values.partySize,
      validWeekdays: values.validWeekdays,
      conditions: values.conditions,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toDashboardGift({ gift: gift!, hasOrders: false });
}
