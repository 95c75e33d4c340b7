import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { OwnerOrderEventKind } from '@shared/domain/owner-notices';
import { instantToMadridLocal, madridLocalToInstant } from '@shared/domain/delivery-time';
import { formatDate, formatDateTime, formatPrice } from '@shared/format';
import { users } from '../../db/schema/auth';
import { bookings } from '../../db/schema/bookings';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { ownerOrderEvents } from '../../db/schema/owner-notices';
import type { AppContext } from '../../platform/context';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { ownerOrdersUrl } from '../../domain/owner-notices/notify-owner-of-order-event';
import { partyWords } from '../../mail/booking-texts';

/**
 * The daily summary (ADR 065): every order event (and booking event, ADR 105) not mailed yet from a Madrid day that is over
 * goes to its owner in one mail per business and day, in their language, with the times in
 * Madrid. "A day" is Madrid's calendar day, 23 or 25 hours long across a summer-time change.
 * Run hourly; each group is claimed by a conditional update in the transaction that writes its
 * mail, so two servers (or a retry) never send a day twice. Events of a business without an
 * owner are marked and dropped: there is nobody to tell. Returns the mails written.
 */
export async function sendOwnerDailySummaries(ctx: Pick<AppContext, 'db' | 'now' | 'config'>): Promise<number> {
  const now = ctx.now();
  const todayStart = madridLocalToInstant(instantToMadridLocal(now).date, '00:00')!;
  const pending = await ctx.db
    .select({
      id: ownerOrderEvents.id,
      businessId: ownerOrderEvents.businessId,
      kind: ownerOrderEvents.kind,
      occurredAt: ownerOrderEvents.occurredAt,
      giftName: gifts.name,
      totalAmount: orders.totalAmount,
      bookingStartsAt: ownerOrderEvents.bookingStartsAt,
      partySize: bookings.partySize,
    })
    .from(ownerOrderEvents)
    .innerJoin(orders, eq(orders.id, ownerOrderEvents.orderId))
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .leftJoin(bookings, eq(bookings.id, ownerOrderEvents.bookingId))
    .where(and(isNull(ownerOrderEvents.mailedAt), lt(ownerOrderEvents.occurredAt, todayStart)))
    .orderBy(asc(ownerOrderEvents.occurredAt), asc(ownerOrderEvents.id));

  const groups = new Map<string, typeof pending>();
  for (const event of pending) {
    const key = `${event.businessId}|${instantToMadridLocal(event.occurredAt).date}`;
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }

  let sent = 0;
  for (const [key, events] of groups) {
    const [businessId, day] = key.split('|') as [string, string];
    const wrote = await ctx.db.transaction(async (tx) => {
      const claimed = await tx
        .update(ownerOrderEvents)
        .set({ mailedAt: now })
        .where(and(inArray(ownerOrderEvents.id, events.map((e) => e.id)), isNull(ownerOrderEvents.mailedAt)))
        .returning({ id: ownerOrderEvents.id });
      const mine = new Set(claimed.map((c) => c.id));
      const lines = events.filter((e) => mine.has(e.id));
      if (lines.length === 0) return false;
      const [owner] = await tx
        .select({ businessName: businesses.name, name: users.name, email: users.email, locale: users.locale })
        .from(businesses)
        .innerJoin(users, eq(users.id, businesses.ownerId))
        .where(eq(businesses.id, businessId));
      if (!owner) return false;
      const locale = toMailLocale(owner.locale) ?? 'es';
      await enqueueMail(tx, {
        to: owner.email,
        template: 'owner-daily-summary',
        locale,
        data: {
          name: owner.name || owner.email,
          businessName: owner.businessName,
          // Noon of that day in Madrid: the same calendar day in every zone the formatter uses.
          day: formatDate(madridLocalToInstant(day, '12:00')!, locale),
          events: lines.map((e) => ({
            kind: e.kind as OwnerOrderEventKind,
            giftName: e.giftName,
            price: formatPrice(e.totalAmount),
            at: instantToMadridLocal(e.occurredAt).time,
            ...(e.bookingStartsAt && e.partySize ? { booking: { when: formatDateTime(e.bookingStartsAt, locale), partySize: partyWords[locale](e.partySize) } } : {}),
          })),
          dashboardUrl: ownerOrdersUrl(ctx.config.publicUrl),
        },
      });
      return true;
    });
    if (wrote) sent += 1;
  }
  return sent;
}
