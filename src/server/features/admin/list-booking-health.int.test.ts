import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingHealthSchema } from '@shared/contracts/admin-booking-health';
import { BOOKING_ALERT } from '@shared/domain/booking';
import { bookingMisses, bookingSlots, bookings } from '../../db/schema/bookings';
import { businesses } from '../../db/schema/businesses';
import { authedInject } from '../../testing/auth-helpers';
import { bookableOrder, bookingBusiness, weeklySession } from '../../testing/booking-test-world';
import { signedInOwner } from '../../testing/dashboard-test-world';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from './admin-test-world';
import { listBookingHealth } from './list-booking-health';

/**
 * The admin's booking counts (ADR 109): per business, the gifts that found no time and the
 * bookings the business cancelled over the last 30 days, and the alert when either reaches
 * `BOOKING_ALERT`.
 */
describe('booking health per business', () => {
  const NOW = new Date('2026-12-07T10:00:00Z');
  const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  /** A business taking bookings, with one occurrence of its session to hang bookings on. */
  async function world(name: string) {
    const w = await bookingBusiness(db());
    const { business } = w;
    await db().update(businesses).set({ name }).where(eq(businesses.id, business.id));
    const session = await weeklySession(db(), business.id, { isoWeekday: 6, startTime: '20:00', places: 50 });
    const [slot] = await db()
      .insert(bookingSlots)
      .values({ sessionId: session.id, startsAt: daysAgo(-3), endsAt: new Date(daysAgo(-3).getTime() + 3_600_000), places: 50 })
      .returning();
    /** `n` gifts whose recipient found no time, recorded at `at` (one row per gift and day). */
    const misses = async (n: number, at: Date) => {
      for (let i = 0; i < n; i += 1) {
        const order = await bookableOrder(db(), w.gift.id, daysAgo(60));
        await db().insert(bookingMisses).values({ orderId: order.id, day: at.toISOString().slice(0, 10), businessId: business.id, createdAt: at });
      }
    };
    /** `n` bookings cancelled at `at` by `by` (the trigger leaves places alone: they were never live here). */
    const cancellations = async (n: number, at: Date, by: 'business' | 'recipient' = 'business') => {
      const order = await bookableOrder(db(), w.gift.id, daysAgo(60));
      for (let i = 0; i < n; i += 1) {
        await db()
          .insert(bookings)
          .values({ orderId: order.id, slotId: slot!.id, partySize: 2, name: 'Neus', status: 'cancelled', cancelledBy: by, cancelReason: 'Avaria', cancelledAt: at });
      }
    };
    const live = async () => {
      const order = await bookableOrder(db(), w.gift.id, daysAgo(60));
      await db().insert(bookings).values({ orderId: order.id, slotId: slot!.id, partySize: 2, name: 'Pep' });
    };
    return { ...w, misses, cancellations, live };
  }

  const rowOf = async (businessId: string) => (await listBookingHealth(db(), NOW)).businesses.find((b) => b.businessId === businessId);

  it('counts the last 30 days only, the business’s own cancellations only, and each business apart', async () => {
    const a = await world('Arrossos Empar');
    const b = await world('Tast del Mercat');
    await a.misses(2, daysAgo(1));
    await a.misses(1, daysAgo(29));
    await a.misses(3, daysAgo(31));
    await a.cancellations(1, daysAgo(2));
    await a.cancellations(2, daysAgo(40));
    await a.cancellations(4, daysAgo(1), 'recipient');
    await a.live();
    await b.misses(1, daysAgo(5));

    expect(await rowOf(a.business.id)).toEqual({
      businessId: a.business.id,
      businessName: 'Arrossos Empar',
      misses: 3,
      businessCancellations: 1,
      missesAlert: false,
      cancellationsAlert: false,
      alert: false,
    });
    expect(await rowOf(b.business.id)).toMatchObject({ misses: 1, businessCancellations: 0, alert: false });
  });

  it('leaves out a business with neither, and alerts when a count reaches its threshold, not before', async () => {
    const quiet = await world('Orxateria Quieta');
    const under = await world('Forn de Baix');
    const missing = await world('Bar Sense Hores');
    const cancelling = await world('Casa Cancel·la');
    await quiet.cancellations(5, daysAgo(1), 'recipient');
    await under.misses(BOOKING_ALERT.misses - 1, daysAgo(3));
    await under.cancellations(BOOKING_ALERT.businessCancellations - 1, daysAgo(3));
    await missing.misses(BOOKING_ALERT.misses, daysAgo(10));
    await cancelling.cancellations(BOOKING_ALERT.businessCancellations, daysAgo(10));

    const health = await listBookingHealth(db(), NOW);
    expect(health.windowDays).toBe(30);
    expect(health.thresholds).toEqual({ misses: BOOKING_ALERT.misses, businessCancellations: BOOKING_ALERT.businessCancellations });
    const ids = health.businesses.map((row) => row.businessId);
    expect(ids).not.toContain(quiet.business.id);
    expect(await rowOf(under.business.id)).toMatchObject({ missesAlert: false, cancellationsAlert: false, alert: false });
    expect(await rowOf(missing.business.id)).toMatchObject({ misses: BOOKING_ALERT.misses, missesAlert: true, cancellationsAlert: false, alert: true });
    expect(await rowOf(cancelling.business.id)).toMatchObject({ businessCancellations: BOOKING_ALERT.businessCancellations, missesAlert: false, cancellationsAlert: true, alert: true });
    // The alerting businesses come first, the one with more counted before the other.
    expect(ids.slice(0, 2)).toEqual([missing.business.id, cancelling.business.id]);
    expect(ids[2]).toBe(under.business.id);
  });

  it('is served to the team only, fresh, in its contract', async () => {
    const a = await world('Arrossos Empar');
    await a.misses(BOOKING_ALERT.misses, daysAgo(1));
    const admin = await signedIn(t, { role: 'admin' });
    const res = await authedInject(t, admin.cookie, { method: 'GET', url: '/api/admin/booking-health' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = bookingHealthSchema.parse(res.json());
    expect(body.businesses.find((row) => row.businessId === a.business.id)).toMatchObject({ misses: BOOKING_ALERT.misses, alert: true });

    expect((await authedInject(t, null, { method: 'GET', url: '/api/admin/booking-health' })).statusCode).toBe(401);
    const consumer = await signedIn(t);
    expect((await authedInject(t, consumer.cookie, { method: 'GET', url: '/api/admin/booking-health' })).statusCode).toBe(403);
    const owner = await signedInOwner(t);
    const refused = await authedInject(t, owner.cookie, { method: 'GET', url: '/api/admin/booking-health' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
  });
});
