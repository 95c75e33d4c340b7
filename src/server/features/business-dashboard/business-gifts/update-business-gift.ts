import { eq } from 'drizzle-orm';
import type { DashboardGift, GiftPatch } from '@shared/contracts/business-dashboard';
import { gifts } from '../../../db/schema/gifts';
import type { AppContext } from '../../../platform/context';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { findBusinessGift, toDashboardGift } from './gift-row';
import { giftOfferFieldErrors, type GiftKind } from '@shared/domain/gift-card';
import { AppError } from '../../../platform/errors';

/**
 * The changes as they will be saved, checked on the whole gift they make (a new maximum
 * against the saved minimum, a fixed gift's validity): 400 with the fields' codes otherwise.
 * A card's price is its minimum, so a price sent for it is ignored; a fixed gift has no bounds.
 */
function withinOffer(saved: typeof gifts.$inferSelect, patch: GiftPatch): GiftPatch {
  const kind = saved.kind as GiftKind;
  const changes: GiftPatch =
    kind === 'card'
      ? { ...patch, price: patch.minAmount ?? saved.price }
      : { ...patch, minAmount: undefined, maxAmount: undefined, suggestedAmounts: undefined };
  const after = {
    kind,
    price: changes.price === undefined ? saved.price : changes.price,
    validityDays: changes.validityDays ?? saved.validityDays,
    minAmount: changes.minAmount === undefined ? saved.minAmount : changes.minAmount,
    maxAmount: changes.maxAmount === undefined ? saved.maxAmount : changes.maxAmount,
    suggestedAmounts: changes.suggestedAmounts === undefined ? saved.suggestedAmounts : changes.suggestedAmounts,
  };
  const errors = giftOfferFieldErrors(after);
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return changes;
}

/**
 * Edits a gift (or just flips its availability). A new price applies to orders placed from
 * now on; existing orders keep the total they were paid.
 */
export async function updateBusinessGift(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: string,
  giftId: string,
  patch: GiftPatch,
): Promise<DashboardGift> {
  return ctx.db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId, { mustBeActive: true });
    const { gift: saved, hasOrders } = await findBusinessGift(tx, business.id, giftId);
    const changes = withinOffer(saved, patch);
    const [gift] = await tx
      .update(gifts)
      .set({ ...changes, updatedAt: ctx.now() })
      .where(eq(gifts.id, giftId))
      .returning();
    return toDashboardGift({ gift: gift!, hasOrders });
  });
}
