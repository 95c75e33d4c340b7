import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { BookingSession, BookingSessionInput } from '@shared/contracts/bookings';
import { BOOKING_LIMITS } from '@shared/domain/booking';
import { localDateOf } from '@shared/domain/analytics';
import { bookingSessions } from '../../db/schema/bookings';
import { gifts } from '../../db/schema/gifts';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { toBookingSession } from './session-row';

/** The business publishes a weekly or one-off session; the gifts it names must be its own that need booking. */
export async function createBookingSession(ctx: Pick<AppContext, 'db' | 'now'>, userId: string, input: BookingSessionInput): Promise<BookingSession> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId, { mustBeActive: true });
    if (input.kind === 'once' && input.onDate! < localDateOf(now)) throw AppError.validation({ onDate: 'date_past' });
    const giftIds = input.giftIds === null ? null : [...new Set(input.giftIds)];
    if (giftIds !== null) {
      if (giftIds.length === 0) throw AppError.validation({ giftIds: 'gifts_required' });
      const own = await tx
        .select({ id: gifts.id })
        .from(gifts)
        .where(and(eq(gifts.businessId, business.id), eq(gifts.bookingRequired, true), isNull(gifts.archivedAt), inArray(gifts.id, giftIds)));
      if (own.length !== giftIds.length) throw AppError.validation({ giftIds: 'gift_not_bookable' });
    }
    const [{ live }] = (await tx
      .select({ live: count() })
      .from(bookingSessions)
      .where(and(eq(bookingSessions.businessId, business.id), isNull(bookingSessions.withdrawnAt)))) as [{ live: number }];
    if (live >= BOOKING_LIMITS.maxSessions) throw new AppError('too_many_sessions', 409, 'Withdraw a session before adding another');
    const [row] = await tx
      .insert(bookingSessions)
      .values({
        businessId: business.id,
        kind: input.kind,
        isoWeekday: input.kind === 'weekly' ? input.isoWeekday : null,
        onDate: input.kind === 'once' ? input.onDate : null,
        startTime: input.startTime,
        lengthMinutes: input.lengthMinutes,
        places: input.places,
        giftIds,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toBookingSession(row!);
  });
}
