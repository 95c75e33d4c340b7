import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { slotKey } from '../../domain/bookings/claim-slot';
import { bookableOrder, bookingBusiness, weeklySession } from '../../testing/booking-test-world';
import { createGift } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The recipient books from the gift page (ADR 105): plain HTML forms, no script; the booking
 * shows on the page and in the calendar file; moves and cancellations until the cut-off, then
 * "call"; the last place taken meanwhile is "that time has just gone" with the next free times.
 */
describe('booking from the gift page', () => {
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
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const post = (url: string, form: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.config.publicUrl },
      payload: new URLSearchParams(form).toString(),
    });

  async function bookable(options: { partySize?: number | null; places?: number } = {}) {
    const { business, gift } = await bookingBusiness(db(), { partySize: options.partySize === undefined ? 2 : options.partySize });
    const session = await weeklySession(db(), business.id, { isoWeekday: 6, startTime: '10:30', places: options.places ?? 4, lengthMinutes: 90 });
    const order = await bookableOrder(db(), gift.id, now);
    return { business, gift, session, order, path: `/g/${order.qrCode}` };
  }

  it('lists the next free times and a day\'s times in the recipient\'s language, and books one', async () => {
    const { session, path } = await bookable();
    const page = await get(`${path}?lang=va`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Reserva la teua hora');
    expect(page.body).toContain('Hores lliures el dissabte, 12 de desembre de 2026');
    // Saturday 12 December 2026, 10:30 in Madrid, the first of the next times.
    expect(page.body).toContain(`value="${slotKey({ sessionId: session.id, date: '2026-12-12' })}"`);
    expect(page.body).toContain('Per a 2 persones');
    expect(page.body).toMatch(/<input type="date" name="date" value="2026-12-12" min="2026-12-07" max="2027-02-05" required>/);
    expect(page.body).not.toContain('<script');
    // Another day, chosen with the date input (a GET form): its times.
    const day = await get(`${path}?lang=va&date=2026-12-19`);
    // Another day than the first free one: the next free times stay offered above it.
    expect(day.body).toContain('Pròximes hores lliures');
    expect(day.body).toContain(`value="${slotKey({ sessionId: session.id, date: '2026-12-19' })}"`);
    const empty = await get(`${path}?lang=va&date=2026-12-14`);
    expect(empty.body).toContain('data-testid="booking-no-times"');

    const booked = await post(`${path}/booking?lang=va`, { slot: slotKey({ sessionId: session.id, date: '2026-12-19' }), name: 'Neus', notes: 'Cadira per a un xiquet' });
    expect(booked.statusCode).toBe(303);
    expect(booked.headers.location).toBe(`${path}?lang=va&done=booked`);
    const after = await get(booked.headers.location!);
    expect(after.body).toContain('data-testid="booking-live"');
    expect(after.body).toContain('dissabte, 19 de desembre de 2026 a les 10:30');
    expect(after.body).toContain('Persones: 2');
    expect(after.body).toContain('Reservat. Ens veiem allí!');
    expect(after.body).toContain('data-testid="booking-move"');
  });

  it('puts the booked time in the calendar file, read alike by a parser', async () => {
    const { session, path, order } = await bookable();
    await post(`${path}/booking`, { slot: slotKey({ sessionId: session.id, date: '2026-12-12' }), name: 'Neus' });
    const ics = (await get(`${path}/calendar.ics?lang=en`)).body;
    const unfolded = ics.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded).toContain('DTSTART:20261212T093000Z');
    expect(unfolded).toContain('DTEND:20261212T110000Z');
    expect(unfolded).toContain('TRIGGER:-PT2H');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(`gift-${order.id}@localhost:3000`);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-12T09:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-12T11:00:00.000Z');
    expect(event.summary).toContain(' at ');
  });

  it('asks the party size when the gift does not say it, within its limits', async () => {
    const { session, path } = await bookable({ partySize: null });
    expect((await get(path)).body).toContain('<select name="partySize">');
    const slot = slotKey({ sessionId: session.id, date: '2026-12-12' });
    expect((await post(`${path}/booking`, { slot, name: 'Neus', partySize: '21' })).statusCode).toBe(400);
    expect((await post(`${path}/booking`, { slot, name: '', partySize: '3' })).statusCode).toBe(400);
    expect((await post(`${path}/booking`, { slot, name: 'Neus', partySize: '3' })).statusCode).toBe(303);
    expect((await get(`${path}?lang=en`)).body).toContain('People: 3');
  });

  it('says "that time has just gone" with the next free times when the last places went first', async () => {
    const { session, path, gift } = await bookable({ places: 2 });
    const slot = slotKey({ sessionId: session.id, date: '2026-12-12' });
    const other = await bookableOrder(db(), gift.id, now);
    expect((await post(`/g/${other.qrCode}/booking`, { slot, name: 'Pep' })).statusCode).toBe(303);
    const gone = await post(`${path}/booking?lang=en`, { slot, name: 'Neus' });
    expect(gone.statusCode).toBe(409);
    expect(gone.body).toContain('That time has just gone');
    expect(gone.body).toContain(`value="${slotKey({ sessionId: session.id, date: '2026-12-19' })}"`);
    expect(gone.body).not.toContain(`value="${slot}"`);
  });

  it('moves and cancels until the cut-off; after it, says to call with the number', async () => {
    const { session, path } = await bookable();
    await post(`${path}/booking`, { slot: slotKey({ sessionId: session.id, date: '2026-12-12' }), name: 'Neus' });
    const moving = await get(`${path}?lang=en&move=1&date=2026-12-19`);
    expect(moving.body).toContain('data-testid="booking-move-form"');
    const moved = await post(`${path}/booking/move?lang=en`, { slot: slotKey({ sessionId: session.id, date: '2026-12-19' }) });
    expect(moved.headers.location).toBe(`${path}?lang=en&done=moved`);
    expect((await get(moved.headers.location!)).body).toContain('Saturday, 19 December 2026 at 10:30');
    // The cut-off (24 hours by default) passed: no move, no cancel, the phone instead.
    now = new Date('2026-12-18T10:00:00Z');
    const late = await get(`${path}?lang=en`);
    expect(late.body).toContain('data-testid="booking-too-late"');
    expect(late.body).toContain('+34 963 12 34 56');
    expect(late.body).toContain('href="tel:+34963123456"');
    expect(late.body).not.toContain('data-testid="booking-move"');
    const refused = await post(`${path}/booking/cancel?lang=en`);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('To change it now, call');
    now = START;
    const cancelled = await post(`${path}/booking/cancel?lang=en`);
    expect(cancelled.headers.location).toBe(`${path}?lang=en&done=cancelled`);
    const again = (await get(cancelled.headers.location!)).body;
    expect(again).toContain('Your booking is cancelled');
    expect(again).toContain('data-testid="booking-form"');
  });

  it('shows nothing to book for a gift that needs no booking, and says to call when no time is published', async () => {
    const { business, path } = await bookable();
    const plain = await createGift(db(), { businessId: business.id });
    const plainOrder = await bookableOrder(db(), plain.id, now);
    expect((await get(`/g/${plainOrder.qrCode}`)).body).not.toContain('data-testid="booking-card"');
    const { gift } = await bookingBusiness(db());
    const none = await get(`/g/${(await bookableOrder(db(), gift.id, now)).qrCode}?lang=es`);
    expect(none.body).toContain('data-testid="booking-none"');
    expect((await get(path)).body).toContain('data-testid="booking-card"');
  });
});
