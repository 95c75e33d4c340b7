import { and, asc, count, eq, lte, ne } from 'drizzle-orm';
import { addDays, localDateOf } from '@shared/domain/analytics';
import { SELLABLE_WITHIN_DAYS, WAY_OUT_AFTER_BUSINESS_CANCELLATIONS } from '@shared/domain/booking';
import type { Executor } from '../../db/client';
import { bookingMisses, bookings } from '../../db/schema/bookings';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { isListedGift } from '../../domain/catalog/visibility';
import { findBookableGift, type BookableGift } from '../../domain/bookings/bookable-gift';
import { findLiveBooking } from '../../domain/bookings/find-live-booking';
import { booksOnline } from '../../domain/bookings/find-online-booking-gifts';
import { listFreeTimes } from '../../domain/bookings/list-free-times';

export type WayOutReason = 'no_time' | 'cancelled_twice';

export interface ExchangeOption {
  giftId: string;
  name: string;
  price: number;
}

/** A stuck gift's way out (ADR 109): why it is open, what the gift cost, what it may become. */
export interface WayOut {
  reason: WayOutReason;
  gift: BookableGift;
  totalAmount: number;
  options: ExchangeOption[];
}

/**
 * Whether the gift behind `code` is stuck (ADR 109), and so offered an exchange or the money
 * back: a paid, unexpired fixed gift that needs booking, with no booking standing (a booked
 * gift is not stuck: its time can be cancelled first), whose business has cancelled its
 * booking `WAY_OUT_AFTER_BUSINESS_CANCELLATIONS` times or offers it no free time within
 * `SELLABLE_WITHIN_DAYS`, at a business that books online (a gift booked by phone is never
 * stuck here). Null when none of that holds. Finding no time is recorded (once per
 * gift and Madrid day) for the admin's counts. `lock` takes the order row's lock, so the check
 * and the change it allows are one transaction's.
 */
export async function findWayOut(db: Executor, code: string, now: Date, options: { lock?: boolean } = {}): Promise<WayOut | null> {
  let gift: BookableGift;
  try {
    gift = await findBookableGift(db, code, now, options);
  } catch {
    return null;
  }
  const [order] = await db.select({ valueKind: orders.valueKind, totalAmount: orders.totalAmount }).from(orders).where(eq(orders.id, gift.orderId));
  if (!order || order.valueKind !== 'fixed') return null;
  if (await findLiveBooking(db, gift.orderId)) return null;
  // A business that never published a time books by phone (ADR 105, "What the shop sells"):
  // finding no time here says nothing about the gift, which is sold and booked as before.
  if (!(await booksOnline(db, gift.businessId))) return null;

  const today = localDateOf(now);
  const free = await listFreeTimes(db, gift, { from: today, to: addDays(today, SELLABLE_WITHIN_DAYS), partySize: gift.partySize ?? 1, now });
  if (free.times.length === 0) {
    await db.insert(bookingMisses).values({ orderId: gift.orderId, day: today, businessId: gift.businessId, createdAt: now }).onConflictDoNothing();
  }
  const [cancelled] = await db
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.orderId, gift.orderId), eq(bookings.status, 'cancelled'), eq(bookings.cancelledBy, 'business')));
  const reason: WayOutReason | null = (cancelled?.n ?? 0) >= WAY_OUT_AFTER_BUSINESS_CANCELLATIONS ? 'cancelled_twice' : free.times.length === 0 ? 'no_time' : null;
  if (!reason) return null;
  return { reason, gift, totalAmount: order.totalAmount, options: await listExchangeOptions(db, gift, order.totalAmount, now) };
}

/**
 * The gifts of the same business the stuck gift may become: on sale, a fixed price no higher
 * than what was paid, not the same gift; one that needs booking only while it has a free time
 * within `SELLABLE_WITHIN_DAYS` (an exchange must not make a new stuck gift).
 */
export async function listExchangeOptions(db: Executor, gift: BookableGift, totalAmount: number, now: Date): Promise<ExchangeOption[]> {
  const rows = await db
    .select({ giftId: gifts.id, name: gifts.name, price: gifts.price, bookingRequired: gifts.bookingRequired, partySize: gifts.partySize, validWeekdays: gifts.validWeekdays })
    .from(gifts)
    .innerJoin(businesses, eq(businesses.id, gifts.businessId))
    .where(and(eq(gifts.businessId, gift.businessId), eq(businesses.isActive, true), isListedGift(), eq(gifts.kind, 'fixed'), lte(gifts.price, totalAmount), ne(gifts.id, gift.giftId)))
    .orderBy(asc(gifts.price), asc(gifts.name));
  const today = localDateOf(now);
  const options: ExchangeOption[] = [];
  for (const row of rows) {
    if (row.bookingRequired) {
      const free = await listFreeTimes(db, { businessId: gift.businessId, giftId: row.giftId, validWeekdays: row.validWeekdays, expiresAt: gift.expiresAt }, { from: today, to: addDays(today, SELLABLE_WITHIN_DAYS), partySize: row.partySize ?? 1, now });
      if (free.times.length === 0) continue;
    }
    options.push({ giftId: row.giftId, name: row.name, price: row.price });
  }
  return options;
}
