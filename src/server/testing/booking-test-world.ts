import { bookingSessions } from '../db/schema/bookings';
import type { Executor } from '../db/client';
import { createBusiness, createGift, createOrder, createUser } from './factories';

/** A business taking bookings, with a gift that needs booking (for `partySize`, or asked when null). */
export async function bookingBusiness(db: Executor, options: { partySize?: number | null; validWeekdays?: number[] | null } = {}) {
  const owner = await createUser(db, { userType: 'business' });
  const business = await createBusiness(db, { ownerId: owner.id, phone: '+34963123456' });
  const gift = await createGift(db, {
    businessId: business.id,
    bookingRequired: true,
    partySize: options.partySize === undefined ? 2 : options.partySize,
    validWeekdays: options.validWeekdays ?? null,
  });
  return { owner, business, gift };
}

/** A weekly session written directly (the API's own tests go through the endpoint). */
export async function weeklySession(db: Executor, businessId: string, input: { isoWeekday: number; startTime: string; places: number; lengthMinutes?: number; giftIds?: string[] | null }) {
  const [row] = await db
    .insert(bookingSessions)
    .values({ businessId, kind: 'weekly', isoWeekday: input.isoWeekday, startTime: input.startTime, places: input.places, lengthMinutes: input.lengthMinutes ?? 60, giftIds: input.giftIds ?? null })
    .returning();
  return row!;
}

/** A paid gift of `giftId`, valid until `expiresAt`. */
export async function bookableOrder(db: Executor, giftId: string, now: Date, expiresAt = new Date(now.getTime() + 365 * 86_400_000)) {
  const buyer = await createUser(db);
  return createOrder(db, { buyerId: buyer.id, giftId, status: 'paid', recipientName: 'Neus', now, createdAt: now, paidAt: now, expiresAt });
}
