import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingSlots } from '../../db/schema/bookings';
import { bookGiftTime } from '../../domain/bookings/book-gift-time';
import { cancelBookingByRecipient } from '../../domain/bookings/cancel-booking-by-recipient';
import { slotKey } from '../../domain/bookings/claim-slot';
import { findBookableGift } from '../../domain/bookings/bookable-gift';
import { listFreeTimes } from '../../domain/bookings/list-free-times';
import { moveBooking } from '../../domain/bookings/move-booking';
import { bookableOrder, bookingBusiness, weeklySession } from '../../testing/booking-test-world';
import { as, signedInOwner, signedInUser } from '../../testing/dashboard-test-world';
import { createGift } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Booking from the gift (ADR 105) on both databases: the sessions a business publishes, the
 * times they give across both clock changes and a public holiday, places counted per party,
 * moves and cancellations either side of the cut-off, and the business's cancellation.
 */
describe('booking from the gift', () => {
  // Monday 7 December 2026, 10:00 in Madrid: near the real date, as signed-in sessions live in real time.
  const START = new Date('2026-12-07T09:00:00Z');
  let now = START;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now = START;
  });
  const db = () => t.database.db;
  const ctx = () => t.app.ctx;
  const book = (code: string, slot: string, extra: { partySize?: number } = {}) => bookGiftTime(ctx(), code, { slot, name: 'Neus', ...extra });
  const freeTimes = async (code: string, from: string, to: string, partySize = 1) =>
    (await listFreeTimes(db(), await findBookableGift(db(), code, now), { from, to, partySize, now })).times;

  it('lets an owner publish, list, change and withdraw sessions, each only their own', async () => {
    const owner = await signedInOwner(t);
    const gift = await createGift(db(), { businessId: owner.business.id, bookingRequired: true, partySize: 2 });
    const api = as(t, owner.cookie);
    const created = await api({ method: 'POST', url: '/api/business/booking-sessions', payload: { kind: 'weekly', isoWeekday: 6, startTime: '10:00', lengthMinutes: 90, places: 8, giftIds: [gift.id] } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ kind: 'weekly', isoWeekday: 6, onDate: null, startTime: '10:00', places: 8, giftIds: [gift.id], withdrawn: false });
    const once = await api({ method: 'POST', url: '/api/business/booking-sessions', payload: { kind: 'once', onDate: '2026-12-19', startTime: '19:30', lengthMinutes: 120, places: 20 } });
    expect(once.statusCode).toBe(201);

    // Bad input: a clear field error, nothing stored.
    const bad = await api({ method: 'POST', url: '/api/business/booking-sessions', payload: { kind: 'weekly', startTime: '25:00', lengthMinutes: 5, places: 0 } });
    expect(bad.statusCode).toBe(400);
    expect((await api({ method: 'POST', url: '/api/business/booking-sessions', payload: { kind: 'once', onDate: '2026-12-01', startTime: '10:00', lengthMinutes: 60, places: 2 } })).json()).toMatchObject({ code: 'validation_failed', fields: { onDate: 'date_past' } });
    const otherGift = await createGift(db(), { businessId: (await signedInOwner(t)).business.id, bookingRequired: true });
    expect((await api({ method: 'POST', url: '/api/business/booking-sessions', payload: { kind: 'weekly', isoWeekday: 1, startTime: '10:00', lengthMinutes: 60, places: 2, giftIds: [otherGift.id] } })).json()).toMatchObject({ fields: { giftIds: 'gift_not_bookable' } });

    const settings = await api({ method: 'PUT', url: '/api/business/booking-settings', payload: { horizonDays: 30, cutoffHours: 48, openOnHolidays: true, closedDays: ['2026-12-24', '2026-12-01'] } });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ settings: { horizonDays: 30, cutoffHours: 48, openOnHolidays: true }, closedDays: ['2026-12-24'] });
    const setup = (await api({ method: 'GET', url: '/api/business/booking-setup' })).json();
    expect(setup.sessions).toHaveLength(2);
    expect(setup.gifts).toEqual([{ id: gift.id, name: gift.name, partySize: 2 }]);

    const id = created.json().id;
    // Another owner, a consumer and nobody signed in never reach the session.
    const other = await signedInOwner(t);
    expect((await as(t, other.cookie)({ method: 'PATCH', url: `/api/business/booking-sessions/${id}`, payload: { places: 1 } })).statusCode).toBe(404);
    expect((await as(t, other.cookie)({ method: 'DELETE', url: `/api/business/booking-sessions/${id}` })).statusCode).toBe(404);
    expect((await as(t, (await signedInUser(t)).cookie)({ method: 'GET', url: '/api/business/booking-setup' })).statusCode).toBe(403);
    expect((await as(t, null)({ method: 'PATCH', url: `/api/business/booking-sessions/${id}`, payload: { places: 1 } })).statusCode).toBe(401);

    expect((await api({ method: 'PATCH', url: `/api/business/booking-sessions/${id}`, payload: { places: 6 } })).json()).toMatchObject({ places: 6 });
    expect((await api({ method: 'DELETE', url: `/api/business/booking-sessions/${id}` })).json()).toMatchObject({ withdrawn: true });
    expect((await api({ method: 'GET', url: '/api/business/booking-setup' })).json().sessions).toHaveLength(1);
  });

  it('keeps weekly times on the Madrid clock across both clock changes and skips a public holiday', async () => {
    const { business, gift } = await bookingBusiness(db(), { partySize: 2 });
    await weeklySession(db(), business.id, { isoWeekday: 7, startTime: '10:00', places: 4 });
    await weeklySession(db(), business.id, { isoWeekday: 1, startTime: '18:00', places: 4 });
    now = new Date('2027-03-15T09:00:00Z');
    const order = await bookableOrder(db(), gift.id, now);
    // Summer time starts on Sunday 28 March 2027; Monday 29 March is Easter Monday in the Comunitat Valenciana.
    const spring = await freeTimes(order.qrCode, '2027-03-21', '2027-04-05');
    expect(spring.map((time) => time.startsAt.toISOString())).toEqual([
      '2027-03-21T09:00:00.000Z',
      '2027-03-22T17:00:00.000Z',
      '2027-03-28T08:00:00.000Z',
      '2027-04-04T08:00:00.000Z',
      '2027-04-05T16:00:00.000Z',
    ]);
    // Summer time ends on Sunday 31 October 2027; Monday 1 November is All Saints' Day.
    now = new Date('2027-10-20T09:00:00Z');
    const autumn = await freeTimes(order.qrCode, '2027-10-24', '2027-11-08');
    expect(autumn.map((time) => time.startsAt.toISOString())).toEqual([
      '2027-10-24T08:00:00.000Z',
      '2027-10-25T16:00:00.000Z',
      '2027-10-31T09:00:00.000Z',
      '2027-11-07T09:00:00.000Z',
      '2027-11-08T17:00:00.000Z',
    ]);
  });

  it('counts places per party size, and the last places go once', async () => {
    const { business, gift } = await bookingBusiness(db(), { partySize: 2 });
    const session = await weeklySession(db(), business.id, { isoWeekday: 6, startTime: '10:00', places: 5 });
    const open = await createGift(db(), { businessId: business.id, bookingRequired: true, partySize: null });
    const slot = slotKey({ sessionId: session.id, date: '2026-12-12' });
    const [a, b, c] = [await bookableOrder(db(), gift.id, now), await bookableOrder(db(), gift.id, now), await bookableOrder(db(), gift.id, now)];
    await book(a.qrCode, slot);
    await book(b.qrCode, slot);
    // One place left: a gift for two no longer sees the time, nor gets it.
    expect((await freeTimes(c.qrCode, '2026-12-12', '2026-12-12', 2)).map((time) => time.date)).toEqual([]);
    await expect(book(c.qrCode, slot)).rejects.toMatchObject({ code: 'slot_full', status: 409 });
    // A gift that asks its party size: more than one place left is refused, one is taken.
    const d = await bookableOrder(db(), open.id, now);
    await expect(book(d.qrCode, slot)).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(book(d.qrCode, slot, { partySize: 2 })).rejects.toMatchObject({ code: 'slot_full' });
    await book(d.qrCode, slot, { partySize: 1 });
    const [row] = await db().select().from(bookingSlots).where(eq(bookingSlots.sessionId, session.id));
    expect(row).toMatchObject({ places: 5, booked: 5 });
    await expect(book(a.qrCode, slot)).rejects.toMatchObject({ code: 'already_booked' });
    // A time that is not the session's, a past one, and one beyond the horizon are not offered.
    await expect(book(c.qrCode, slotKey({ sessionId: session.id, date: '2026-12-11' }))).rejects.toMatchObject({ code: 'time_not_offered' });
    await expect(book(c.qrCode, slotKey({ sessionId: session.id, date: '2026-12-05' }))).rejects.toMatchObject({ code: 'time_not_offered' });
    await expect(book(c.qrCode, slotKey({ sessionId: session.id, date: '2027-03-06' }))).rejects.toMatchObject({ code: 'time_not_offered' });
  });

  it('moves and cancels until the cut-off, and not after', async () => {
    const { business, gift } = await bookingBusiness(db(), { partySize: 2 });
    const session = await weeklySession(db(), business.id, { isoWeekday: 6, startTime: '10:00', places: 4 });
    const order = await bookableOrder(db(), gift.id, now);
    const first = slotKey({ sessionId: session.id, date: '2026-12-12' });
    const second = slotKey({ sessionId: session.id, date: '2026-12-19' });
    await book(order.qrCode, first);
    const moved = await moveBooking(ctx(), order.qrCode, second);
    expect(moved.startsAt.toISOString()).toBe('2026-12-19T09:00:00.000Z');
    const counts = async () => Object.fromEntries((await db().select().from(bookingSlots).where(eq(bookingSlots.sessionId, session.id))).map((s) => [s.startsAt.toISOString(), s.booked]));
    expect(await counts()).toEqual({ '2026-12-12T09:00:00.000Z': 0, '2026-12-19T09:00:00.000Z': 2 });
    // 24 hours before, to the second, it may still change; a second later it may not.
    now = new Date('2026-12-18T09:00:00Z');
    await moveBooking(ctx(), order.qrCode, slotKey({ sessionId: session.id, date: '2027-01-02' }));
    await moveBooking(ctx(), order.qrCode, second);
    now = new Date('2026-12-18T09:00:01Z');
    await expect(moveBooking(ctx(), order.qrCode, slotKey({ sessionId: session.id, date: '2027-01-02' }))).rejects.toMatchObject({ code: 'booking_change_closed' });
    await expect(cancelBookingByRecipient(ctx(), order.qrCode)).rejects.toMatchObject({ code: 'booking_change_closed' });
    now = START;
    await cancelBookingByRecipient(ctx(), order.qrCode);
    expect(await counts()).toMatchObject({ '2026-12-19T09:00:00.000Z': 0 });
    await expect(cancelBookingByRecipient(ctx(), order.qrCode)).rejects.toMatchObject({ code: 'booking_not_live' });
    // Cancelled, the gift books again.
    await book(order.qrCode, second);
    expect(await counts()).toMatchObject({ '2026-12-19T09:00:00.000Z': 2 });
  });

  it('lets the business see its day and cancel a booking with a reason, after which the gift books again', async () => {
    const owner = await signedInOwner(t);
    const gift = await createGift(db(), { businessId: owner.business.id, bookingRequired: true, partySize: 2, name: 'Esmorzar per a dos' });
    const session = await weeklySession(db(), owner.business.id, { isoWeekday: 6, startTime: '10:00', places: 4 });
    const order = await bookableOrder(db(), gift.id, now);
    const slot = slotKey({ sessionId: session.id, date: '2026-12-12' });
    await bookGiftTime(ctx(), order.qrCode, { slot, name: 'Neus Pla', notes: 'Una trona, per favor' });
    const api = as(t, owner.cookie);
    const day = (await api({ method: 'GET', url: '/api/business/bookings?from=2026-12-12' })).json();
    expect(day.bookings).toEqual([
      expect.objectContaining({ startsAt: '2026-12-12T09:00:00.000Z', giftName: 'Esmorzar per a dos', name: 'Neus Pla', partySize: 2, notes: 'Una trona, per favor', status: 'booked' }),
    ]);
    expect((await api({ method: 'GET', url: '/api/business/bookings?from=2026-12-13&days=7' })).json().bookings).toEqual([]);
    const id = day.bookings[0].id;
    const other = await signedInOwner(t);
    expect((await as(t, other.cookie)({ method: 'POST', url: `/api/business/bookings/${id}/cancel`, payload: { reason: 'x' } })).statusCode).toBe(404);
    expect((await as(t, other.cookie)({ method: 'GET', url: '/api/business/bookings?from=2026-12-12' })).json().bookings).toEqual([]);
    expect((await api({ method: 'POST', url: `/api/business/bookings/${id}/cancel`, payload: { reason: ' ' } })).statusCode).toBe(400);
    // Inside the cut-off the business may still cancel: it is the one that cannot honour it.
    now = new Date('2026-12-12T08:00:00Z');
    const cancelled = await api({ method: 'POST', url: `/api/business/bookings/${id}/cancel`, payload: { reason: 'Tanquem per una avaria' } });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelledBy: 'business', cancelReason: 'Tanquem per una avaria' });
    expect((await api({ method: 'POST', url: `/api/business/bookings/${id}/cancel`, payload: { reason: 'again' } })).json()).toMatchObject({ code: 'booking_not_live' });
    const [row] = await db().select().from(bookingSlots).where(eq(bookingSlots.sessionId, session.id));
    expect(row!.booked).toBe(0);
    await bookGiftTime(ctx(), order.qrCode, { slot: slotKey({ sessionId: session.id, date: '2026-12-19' }), name: 'Neus Pla' });
  });

  it('refuses fewer places than are already booked', async () => {
    const owner = await signedInOwner(t);
    const gift = await createGift(db(), { businessId: owner.business.id, bookingRequired: true, partySize: 2 });
    const session = await weeklySession(db(), owner.business.id, { isoWeekday: 6, startTime: '10:00', places: 4 });
    await book((await bookableOrder(db(), gift.id, now)).qrCode, slotKey({ sessionId: session.id, date: '2026-12-12' }));
    const api = as(t, owner.cookie);
    expect((await api({ method: 'PATCH', url: `/api/business/booking-sessions/${session.id}`, payload: { places: 1 } })).json()).toMatchObject({ code: 'places_below_booked' });
    expect((await api({ method: 'PATCH', url: `/api/business/booking-sessions/${session.id}`, payload: { places: 2 } })).statusCode).toBe(200);
  });
});
