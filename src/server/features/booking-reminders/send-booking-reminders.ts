import { and, asc, eq, gte, isNotNull, isNull, lt } from 'drizzle-orm';
import { addDays } from '@shared/domain/analytics';
import { instantToMadridLocal, madridLocalToInstant } from '@shared/domain/delivery-time';
import { formatAddress, formatFullDate } from '@shared/format';
import { bookings, bookingSlots } from '../../db/schema/bookings';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { buildBookedGiftCalendar } from '../../domain/bookings/booked-gift-calendar';
import { mapUrl } from '../../domain/orders/gift-mail';
import { giftPageUrl } from '../../domain/orders/gift-page-url';
import { partyWords } from '../../mail/booking-texts';
import { enqueueMail } from '../../mail/enqueue-mail';
import type { AppContext } from '../../platform/context';

/** Reminders go from this time of the day before (Madrid), not in the small hours. */
export const BOOKING_REMINDER_FROM = '09:00';

/**
 * The day-before reminder (ADR 105): each live booking of a paid gift starting tomorrow (a
 * Madrid calendar day) whose recipient has an address gets one mail with the time, the
 * address, a map link, the phone and the calendar file attached. Each booking is claimed by a
 * conditional update of `reminded_at` in the transaction that queues its mail, so two servers
 * (or a retry) send it once; a move clears `reminded_at`, so a booking moved to another day is
 * reminded the day before that one. Returns the mails written.
 */
export async function sendBookingReminders(ctx: Pick<AppContext, 'db' | 'now' | 'config'>): Promise<number> {
  const now = ctx.now();
  const today = instantToMadridLocal(now);
  if (today.time < BOOKING_REMINDER_FROM) return 0;
  const tomorrow = addDays(today.date, 1);
  const from = madridLocalToInstant(tomorrow, '00:00')!;
  const until = madridLocalToInstant(addDays(tomorrow, 1), '00:00')!;
  const due = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .where(
      and(
        eq(bookings.status, 'booked'),
        isNull(bookings.remindedAt),
        gte(bookingSlots.startsAt, from),
        lt(bookingSlots.startsAt, until),
        eq(orders.status, 'paid'),
        isNotNull(orders.recipientEmail),
      ),
    )
    .orderBy(asc(bookingSlots.startsAt), asc(bookings.id));

  let sent = 0;
  for (const { id } of due) {
    const wrote = await ctx.db.transaction(async (tx) => {
      const claimed = await tx
        .update(bookings)
        .set({ remindedAt: now })
        .where(and(eq(bookings.id, id), isNull(bookings.remindedAt), eq(bookings.status, 'booked')))
        .returning({ id: bookings.id });
      if (claimed.length === 0) return false;
      const [row] = await tx
        .select({
          orderId: orders.id,
          code: orders.qrCode,
          email: orders.recipientEmail,
          locale: orders.recipientLocale,
          recipientName: orders.recipientName,
          expiresAt: orders.expiresAt,
          giftName: gifts.name,
          businessName: businesses.name,
          address: businesses.address,
          city: businesses.city,
          phone: businesses.phone,
          startsAt: bookingSlots.startsAt,
          endsAt: bookingSlots.endsAt,
          partySize: bookings.partySize,
        })
        .from(bookings)
        .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
        .innerJoin(orders, eq(orders.id, bookings.orderId))
        .innerJoin(gifts, eq(gifts.id, orders.giftId))
        .innerJoin(businesses, eq(businesses.id, orders.businessId))
        .where(eq(bookings.id, id));
      // The slot was moved out of tomorrow between the scan and the claim: its own day will come.
      if (!row?.email || row.startsAt < from || row.startsAt >= until) {
        await tx.update(bookings).set({ remindedAt: null }).where(eq(bookings.id, id));
        return false;
      }
      const locale = row.locale;
      const ics = buildBookedGiftCalendar({
        orderId: row.orderId,
        code: row.code,
        giftName: row.giftName,
        businessName: row.businessName,
        businessAddress: row.address,
        businessCity: row.city,
        expiresAt: row.expiresAt,
        booked: { startsAt: row.startsAt, endsAt: row.endsAt },
        language: locale,
        publicUrl: ctx.config.publicUrl,
        now,
      });
      await enqueueMail(tx, {
        to: row.email,
        template: 'booking-reminder',
        locale,
        data: {
          recipientName: row.recipientName,
          giftName: row.giftName,
          businessName: row.businessName,
          date: formatFullDate(row.startsAt, locale),
          time: instantToMadridLocal(row.startsAt).time,
          partySize: partyWords[locale](row.partySize),
          address: formatAddress(row.address, row.city),
          mapUrl: mapUrl({ name: row.businessName, address: row.address, city: row.city }),
          phone: row.phone,
          giftUrl: giftPageUrl(ctx.config.publicUrl, row.code),
        },
        attachments: [{ filename: 'regalo-booking.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }],
      });
      return true;
    });
    if (wrote) sent += 1;
  }
  return sent;
}
