import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifts } from '../../db/schema/gifts';
import { bookGiftTime } from '../../domain/bookings/book-gift-time';
import { cancelBookingByRecipient } from '../../domain/bookings/cancel-booking-by-recipient';
import { slotKey } from '../../domain/bookings/claim-slot';
import { weeklySession } from '../../testing/booking-test-world';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { counter } from './redemption-test-world';

/**
 * The counter's lookup carries the gift's live booking (ADR 105): when, for how many, under
 * which name and with what notes, so the person at the counter knows whom they expect. A gift
 * with no booking, or whose booking was cancelled, has none; another business sees nothing of it.
 */
describe('the counter sees a scanned gift’s booking', () => {
  // Tuesday 8 December 2026, 08:00 in Madrid.
  const NOW = new Date('2026-12-08T07:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  /** A counter whose gift is booked online (Saturdays at 10:00), and a paid gift of it. */
  async function bookableCounter() {
    const shop = await counter(t);
    await db().update(gifts).set({ bookingRequired: true, partySize: null }).where(eq(gifts.id, shop.gift.id));
    const saturday = await weeklySession(db(), shop.business.id, { isoWeekday: 6, startTime: '10:00', places: 6 });
    const { order } = await shop.order({ status: 'paid', createdAt: NOW, paidAt: NOW, expiresAt: new Date(NOW.getTime() + 365 * 86_400_000) });
    return { shop, order, slot: slotKey({ sessionId: saturday.id, date: '2026-12-12' }) };
  }

  it('answers the booking’s start, party size, name and notes with the gift', async () => {
    const { shop, order, slot } = await bookableCounter();
    await bookGiftTime(t.app.ctx, order.qrCode, { slot, partySize: 2, name: 'Marta Soler', notes: 'Una trona, por favor' });
    const res = await shop.lookup(order.qrCode);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      orderId: order.id,
      status: 'paid',
      // 10:00 in Madrid is 09:00 UTC in winter.
      booking: { startsAt: '2026-12-12T09:00:00.000Z', partySize: 2, name: 'Marta Soler', notes: 'Una trona, por favor' },
    });
  });

  it('has no booking when the gift is not booked, or its booking was cancelled', async () => {
    const { shop, order, slot } = await bookableCounter();
    const before = await shop.lookup(order.qrCode);
    expect(before.statusCode).toBe(200);
    expect(before.json()).not.toHaveProperty('booking');
    await bookGiftTime(t.app.ctx, order.qrCode, { slot, partySize: 3, name: 'Marta' });
    expect((await shop.lookup(order.qrCode)).json().booking).toMatchObject({ partySize: 3, notes: null });
    await cancelBookingByRecipient(t.app.ctx, order.qrCode);
    expect((await shop.lookup(order.qrCode)).json()).not.toHaveProperty('booking');
  });

  it('shows another business nothing of it, by the whole code or by the typed one', async () => {
    const { order, slot } = await bookableCounter();
    await bookGiftTime(t.app.ctx, order.qrCode, { slot, partySize: 2, name: 'Marta Soler', notes: 'Secret note' });
    const other = await counter(t);
    const byCode = await other.lookup(order.qrCode);
    expect(byCode.statusCode).toBe(403);
    expect(byCode.json()).toMatchObject({ code: 'order_other_business' });
    expect(byCode.body).not.toContain('Marta Soler');
    expect(byCode.body).not.toContain('Secret note');
    const byTyped = await other.lookup(order.typedCode!);
    expect(byTyped.statusCode).toBe(404);
    expect(byTyped.body).not.toContain('Secret note');
  });
});
