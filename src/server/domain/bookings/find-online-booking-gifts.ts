import { and, eq, inArray, isNull } from 'drizzle-orm';
import { SELLABLE_WITHIN_DAYS } from '@shared/domain/booking';
import { addDays, localDateOf } from '@shared/domain/analytics';
import { computeExpiresAt } from '@shared/domain/validity';
import type { Executor } from '../../db/client';
import { bookingSessions } from '../../db/schema/bookings';
import { gifts } from '../../db/schema/gifts';
import { listFreeTimes } from './list-free-times';

/**
 * The gifts that are booked online (ADR 105, "What the shop sells"): every gift that needs
 * booking of a business that has published at least one session, ever (a withdrawn one
 * counts). Each maps to its next free time within SELLABLE_WITHIN_DAYS for the gift's party
 * size (one person when the gift does not say), or null: then it is not sold until the
 * business offers one. A gift that needs booking at a business that never published a
 * session is absent: it is booked by phone and sold as before.
 *
 * The free time is computed as the recipient's page computes it, as if the gift were bought
 * now (its days, the business's horizon, closed days and holidays, the places left).
 */
export async function findOnlineBookingGifts(
  db: Executor,
  now: Date,
  options: { businessIds?: readonly string[]; giftIds?: readonly string[] } = {},
): Promise<Map<string, Date | null>> {
  const found = new Map<string, Date | null>();
  if (options.businessIds?.length === 0 || options.giftIds?.length === 0) return found;
  const bookingOnline = await db
    .selectDistinct({ businessId: bookingSessions.businessId })
    .from(bookingSessions)
    .where(options.businessIds ? inArray(bookingSessions.businessId, [...options.businessIds]) : undefined);
  if (bookingOnline.length === 0) return found;
  const candidates = await db
    .select({ id: gifts.id, businessId: gifts.businessId, partySize: gifts.partySize, validWeekdays: gifts.validWeekdays, validityDays: gifts.validityDays })
    .from(gifts)
    .where(
      and(
        inArray(gifts.businessId, bookingOnline.map((b) => b.businessId)),
        eq(gifts.bookingRequired, true),
        isNull(gifts.archivedAt),
        options.giftIds ? inArray(gifts.id, [...options.giftIds]) : undefined,
      ),
    );
  const today = localDateOf(now);
  for (const gift of candidates) {
    const { times } = await listFreeTimes(
      db,
      { businessId: gift.businessId, giftId: gift.id, validWeekdays: gift.validWeekdays, expiresAt: computeExpiresAt(now, gift.validityDays) },
      { from: today, to: addDays(today, SELLABLE_WITHIN_DAYS), partySize: gift.partySize ?? 1, now },
    );
    found.set(gift.id, times[0]?.startsAt ?? null);
  }
  return found;
}

/**
 * Whether the business books online: it has published at least one session, ever (a withdrawn
 * one counts), the rule `findOnlineBookingGifts` applies to a set of businesses. One that never
 * did books by phone.
 */
export async function booksOnline(db: Executor, businessId: string): Promise<boolean> {
  const [row] = await db.select({ id: bookingSessions.id }).from(bookingSessions).where(eq(bookingSessions.businessId, businessId)).limit(1);
  return Boolean(row);
}

/** The ids of the gifts `findOnlineBookingGifts` found with no free time: not for sale now. */
export const offSaleGiftIds = (online: ReadonlyMap<string, Date | null>): string[] =>
  [...online].filter(([, next]) => next === null).map(([id]) => id);
