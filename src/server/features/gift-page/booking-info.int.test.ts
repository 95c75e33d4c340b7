import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { enqueueGiftReceived, loadGiftMailData } from '../../domain/orders/gift-mail';
import { as, signedInOwner, signedInUser } from '../../testing/dashboard-test-world';
import { createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * What a recipient needs to use the gift. The owner gives how to book and when
 * the business is open (checked on the server), each gift its conditions; the gift page, the
 * print card, the gift email and the catalogue show them, the phone as a tel: link.
 */
describe('booking details and gift conditions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  const profile = {
    phone: '963 12 34 56',
    whatsapp: '612 34 56 78',
    bookingUrl: 'reservas.casacarmela.example/mesa',
    openingHours: 'Martes a sábado 13:00–16:00\nViernes y sábado también 20:00–23:30 <cerrado agosto>',
  };
  const paella = {
    name: 'Paella para dos',
    price: '48,00',
    bookingRequired: true,
    partySize: '2',
    validWeekdays: [4, 1, 3, 2],
    conditions: 'No válido en festivos',
  };

  async function ownerWithBooking() {
    const owner = await signedInOwner(t, { name: 'Casa Carmela', address: 'Carrer d’Isabel de Villena 155' });
    const saved = await as(t, owner.cookie)({ method: 'PATCH', url: '/api/business/me', payload: profile });
    expect(saved.statusCode).toBe(200);
    const created = await as(t, owner.cookie)({ method: 'POST', url: '/api/business/gifts', payload: paella });
    expect(created.statusCode).toBe(201);
    return { ...owner, saved: saved.json(), gift: created.json() };
  }

  it('normalises the phones and the link when the owner saves them, and the gift\'s conditions', async () => {
    const { saved, gift } = await ownerWithBooking();
    expect(saved).toMatchObject({
      phone: '+34963123456',
      whatsapp: '+34612345678',
      bookingUrl: 'https://reservas.casacarmela.example/mesa',
      openingHours: profile.openingHours,
    });
    expect(gift).toMatchObject({ bookingRequired: true, partySize: 2, validWeekdays: [1, 2, 3, 4], conditions: 'No válido en festivos' });
    // Ticking every day, or none, means "any day".
    const anyDay = await as(t, (await signedInOwner(t)).cookie)({ method: 'POST', url: '/api/business/gifts', payload: { ...paella, validWeekdays: [1, 2, 3, 4, 5, 6, 7] } });
    expect(anyDay.json().validWeekdays).toBeNull();
  });

  it('refuses http and other schemes, bad phones and impossible conditions with field codes, changing nothing', async () => {
    const { business, cookie, gift } = await ownerWithBooking();
    const before = (await db().select().from(businesses).where(eq(businesses.id, business.id)))[0]!;
    for (const [payload, fields] of [
      [{ bookingUrl: 'http://reservas.casacarmela.example' }, { bookingUrl: 'bookingUrlNotHttps' }],
      [{ bookingUrl: 'javascript:alert(1)' }, { bookingUrl: 'bookingUrlNotHttps' }],
      [{ bookingUrl: 'https://user:pw@reservas.example' }, { bookingUrl: 'bookingUrlNotHttps' }],
      [{ whatsapp: '12345' }, { whatsapp: 'invalidPhone' }],
      [{ whatsapp: '+34 512 345 678' }, { whatsapp: 'invalidPhone' }],
      [{ openingHours: 'x'.repeat(501) }, { openingHours: 'tooLong' }],
    ] as const) {
      const res = await as(t, cookie)({ method: 'PATCH', url: '/api/business/me', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', fields });
    }
    const after = (await db().select().from(businesses).where(eq(businesses.id, business.id)))[0]!;
    expect(after.bookingUrl).toBe(before.bookingUrl);
    expect(after.whatsapp).toBe(before.whatsapp);

    for (const [payload, fields] of [
      [{ partySize: '0' }, { partySize: 'invalidPartySize' }],
      [{ partySize: '2,5' }, { partySize: 'invalidPartySize' }],
      [{ partySize: 21 }, { partySize: 'invalidPartySize' }],
      [{ validWeekdays: [8] }, { 'validWeekdays.0': 'invalidWeekdays' }],
      [{ conditions: 'x'.repeat(301) }, { conditions: 'tooLong' }],
    ] as const) {
      const res = await as(t, cookie)({ method: 'PATCH', url: `/api/business/gifts/${gift.id}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
      const [key, code] = Object.entries(fields)[0]!;
      expect(Object.values(res.json().fields as Record<string, string>), key).toContain(code);
    }
    const [row] = await db().select().from(gifts).where(eq(gifts.id, gift.id));
    expect(row).toMatchObject({ partySize: 2, validWeekdays: [1, 2, 3, 4] });
  });

  it('shows them on the gift page (tel: and wa.me links), the print card and the gift email, in the recipient\'s language', async () => {
    const { gift } = await ownerWithBooking();
    const buyer = await createUser(db());
    for (const [locale, texts] of [
      ['es', ['Hay que reservar', 'Válido de lunes a jueves', 'Para 2 personas', 'Llamar al +34 963 12 34 56', 'Horario']],
      ['en', ['Booking required', 'Valid Monday to Thursday', 'For 2 people', 'Call +34 963 12 34 56', 'Opening hours']],
    ] as const) {
      const order = await createOrder(db(), { buyerId: buyer.id, giftId: gift.id, status: 'paid', recipientLocale: locale, recipientEmail: `carmen.${locale}@example.test` });
      const page = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}` });
      expect(page.statusCode).toBe(200);
      for (const text of [...texts, 'No válido en festivos']) expect(page.body, text).toContain(text);
      expect(page.body).toContain('href="tel:+34963123456"');
      expect(page.body).toContain('href="https://wa.me/34612345678"');
      expect(page.body).toContain('href="https://reservas.casacarmela.example/mesa"');
      // The owner's text is escaped and keeps its line breaks.
      expect(page.body).toContain('Martes a sábado 13:00–16:00<br>\nViernes y sábado también 20:00–23:30 &lt;cerrado agosto&gt;');

      const print = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}/print` });
      for (const text of [texts[0], texts[1], texts[2], '+34 963 12 34 56', 'reservas.casacarmela.example']) expect(print.body, text).toContain(text);
      expect(print.body).toContain('href="tel:+34963123456"');

      const mailId = await db().transaction(async (tx) => enqueueGiftReceived(tx, t.config.publicUrl, (await loadGiftMailData(tx, order.id))!));
      const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, mailId!));
      for (const text of [texts[0], texts[1], texts[2], 'No válido en festivos', texts[4]]) {
        expect(mail!.text, text).toContain(text);
        expect(mail!.html, text).toContain(text);
      }
      expect(mail!.html).toContain('href="tel:+34963123456"');
      expect(mail!.html).toContain('href="https://wa.me/34612345678"');
      // The text part writes the number as people read it, not its tel: address.
      expect(mail!.text).toContain('+34 963 12 34 56');
      expect(mail!.text).not.toContain('tel:');
    }
  });

  it('puts them in the catalogue for givers: each gift\'s conditions and its business\'s booking details', async () => {
    const { business } = await ownerWithBooking();
    const { cookie } = await signedInUser(t);
    const list = await as(t, cookie)({ method: 'GET', url: '/api/catalog/gifts?q=Paella' });
    const item = list.json().items.find((g: { business: { id: string } }) => g.business.id === business.id);
    expect(item).toMatchObject({
      bookingRequired: true,
      partySize: 2,
      validWeekdays: [1, 2, 3, 4],
      conditions: 'No válido en festivos',
      business: { booking: { phone: '+34963123456', whatsapp: '+34612345678', bookingUrl: 'https://reservas.casacarmela.example/mesa' } },
    });
    const detail = await as(t, cookie)({ method: 'GET', url: `/api/catalog/businesses/${business.id}` });
    expect(detail.json().business.booking).toMatchObject({ phone: '+34963123456', openingHours: profile.openingHours });
  });

  it('shows the opening hours in the reader\'s language when the owner wrote them there, else the owner\'s own words', async () => {
    const { business, cookie, gift } = await ownerWithBooking();
    const saved = await as(t, cookie)({
      method: 'PATCH',
      url: '/api/business/me',
      payload: { openingHoursTranslations: { en: ' Tuesday to Saturday 13:00–16:00 ', va: 'De dimarts a dissabte, de 13.00 a 16.00' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ openingHours: profile.openingHours, openingHoursTranslations: { en: 'Tuesday to Saturday 13:00–16:00', va: 'De dimarts a dissabte, de 13.00 a 16.00' } });
    const tooLong = await as(t, cookie)({ method: 'PATCH', url: '/api/business/me', payload: { openingHoursTranslations: { en: 'x'.repeat(501) } } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ fields: { 'openingHoursTranslations.en': 'tooLong' } });
    const stranger = await as(t, null)({ method: 'PATCH', url: '/api/business/me', payload: { openingHoursTranslations: { en: 'Hijacked' } } });
    expect(stranger.statusCode).toBe(401);

    const buyer = await createUser(db());
    for (const [locale, hours] of [
      ['va', 'De dimarts a dissabte, de 13.00 a 16.00'],
      ['en', 'Tuesday to Saturday 13:00–16:00'],
      ['es', 'Martes a sábado 13:00–16:00'],
    ] as const) {
      const order = await createOrder(db(), { buyerId: buyer.id, giftId: gift.id, status: 'paid', recipientLocale: locale, recipientEmail: `hours.${locale}@example.test` });
      const page = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}` });
      expect(page.body, locale).toContain(hours);
      const mailId = await db().transaction(async (tx) => enqueueGiftReceived(tx, t.config.publicUrl, (await loadGiftMailData(tx, order.id))!));
      const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, mailId!));
      expect(mail!.text, locale).toContain(hours);
    }

    const giver = await signedInUser(t);
    const detail = await as(t, `${giver.cookie}; regalo-language=en`)({ method: 'GET', url: `/api/catalog/businesses/${business.id}` });
    expect(detail.json().business.booking.openingHours).toBe('Tuesday to Saturday 13:00–16:00');
    const list = await as(t, `${giver.cookie}; regalo-language=en`)({ method: 'GET', url: '/api/catalog/gifts?q=Paella' });
    const item = list.json().items.find((g: { business: { id: string } }) => g.business.id === business.id);
    expect(item.business.booking.openingHours).toBe('Tuesday to Saturday 13:00–16:00');
  });
});
