import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DashboardGift } from '@shared/contracts/business-dashboard';
import type { GiftKind } from '@shared/domain/gift-card';
import type { Executor } from '../../../db/client';
import { isUuid } from '../../../db/query-helpers';
import { gifts } from '../../../db/schema/gifts';
import { AppError } from '../../../platform/errors';
import { thumbnailUrlFor } from '../business-profile/get-dashboard-business';

// Table names spelled out: drizzle leaves columns unqualified inside a selected fragment.
const hasOrders = sql<boolean>`exists (select 1 from orders o where o.gift_id = "gifts"."id")`;

/** The columns the dashboard shows, plus whether deleting would archive. */
export const giftColumns = { gift: gifts, hasOrders };

export type GiftWithOrders = { gift: typeof gifts.$inferSelect; hasOrders: boolean };

export function toDashboardGift({ gift, hasOrders }: GiftWithOrders): DashboardGift {
  return {
    id: gift.id,
    name: gift.name,
    description: gift.description,
    nameTranslations: gift.nameTranslations,
    descriptionTranslations: gift.descriptionTranslations,
    kind: gift.kind as GiftKind,
    price: gift.price,
    minAmount: gift.minAmount,
    maxAmount: gift.maxAmount,
    suggestedAmounts: gift.suggestedAmounts,
    currency: gift.currency,
    imageUrl: gift.imageUrl,
    thumbnailUrl: thumbnailUrlFor(gift.imageUrl),
    isAvailable: gift.isAvailable,
    forTwo: gift.forTwo,
    validityDays: gift.validityDays,
    bookingRequired: gift.bookingRequired,
    partySize: gift.partySize,
    validWeekdays: gift.validWeekdays,
    conditions: gift.conditions,
    hasOrders: Boolean(hasOrders),
    createdAt: gift.createdAt.toISOString(),
    updatedAt: gift.updatedAt.toISOString(),
  };
}

/**
 * One of the business's own, non-archived gifts, or 404 `gift_not_found` — the same answer
 * for another business's gift, an archived one, a missing one and a malformed id.
 */
export async function findBusinessGift(db: Executor, businessId: string, giftId: string): Promise<GiftWithOrders> {
  if (!isUuid(giftId)) throw new AppError('gift_not_found', 404, 'Gift not found');
  const [row] = await db
    .select(giftColumns)
    .from(gifts)
    .where(and(eq(gifts.id, giftId), eq(gifts.businessId, businessId), isNull(gifts.archivedAt)));
  if (!row) throw new AppError('gift_not_found', 404, 'Gift not found');
  return row;
}
