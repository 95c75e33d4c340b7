import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema/businesses';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { orders } from '../../db/schema/orders';
import { as, line, postCheckout, signedIn } from '../../testing/checkout-test-world';
import { createBusiness, createGift } from '../../testing/factories';
import { startSmtpSink, subjectOf, type SmtpSink } from '../../testing/smtp-sink';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendOwnerDailySummaries } from './send-owner-daily-summaries';

/**
 * Owners are told (ADR 065). A sale, a cancellation by the team, a deactivation and a
 * return to review reach the owner by mail in their language, through the real SMTP sink;
 * an owner who chose a daily summary gets one mail for the previous Madrid day instead,
 * 25 hours long on the day summer time ends.
 */

describe('owners are told (ADR 065)', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let clock = new Date('2026-11-27T10:00:00Z');
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, now: () => clock });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    clock = new Date('2026-11-27T10:00:00Z');
    smtp.messages.length = 0;
    smtp.received.length = 0;
  });

  async function world(locale: 'en' | 'es') {
    const owner = await signedIn(t, { userType: 'business', locale, name: locale === 'es' ? 'Olga' : 'Owen' });
    const business = await createBusiness(t.database.db, { ownerId: owner.user.id, name: 'Tetería Russafa', commissionRate: 10 });
    const gift = await createGift(t.database.db, { businessId: business.id, name: 'Cata de tés', price: 2500 });
    const buyer = await signedIn(t, { locale: 'es' });
    const admin = await signedIn(t, { role: 'admin' });
    /** A buyer's checkout of the gift, paid on the test payment page; returns the order. */
    const buy = async () => {
      const res = await postCheckout(t, buyer.cookie, [line(gift.id)]);
      expect(res.statusCode, res.body).toBe(201);
      const pay = await as(t, buyer.cookie)({ method: 'POST', url: `/api/payments/test/${res.json().id}/succeed` });
      expect(pay.statusCode, pay.body).toBe(200);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.checkoutId, res.json().id));
      return order!;
    };
    const cancel = (orderId: string) => as(t, admin.cookie)({ method: 'POST', url: `/api/admin/orders/${orderId}/cancel`, payload: { reason: 'Closed for works' } });
    return { owner, business, gift, buyer, admin, buy, cancel };
  }

  const ownerMail = (email: string, template: string) =>
    t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, template))).orderBy(mailOutbox.createdAt);
  /** Delivers the outbox through SMTP and returns the subjects the owner's mailbox received. */
  async function delivered(email: string) {
    // The outbox stamps mails due at the database's real time, the worker compares with this
    // test's clock: make what is queued due now on that clock, whatever the real date.
    await t.database.db.update(mailOutbox).set({ nextAttemptAt: clock }).where(eq(mailOutbox.status, 'pending'));
    await t.app.ctx.mail.flush();
    return smtp.messages.filter((m) => m.to.map((a) => a.toLowerCase()).includes(email.toLowerCase())).map((m) => subjectOf(m.raw));
  }

  it('tells a Spanish owner of each sale and cancellation at once, in Spanish, once each', async () => {
    const w = await world('es');
    const order = await w.buy();
    expect((await w.cancel(order.id)).statusCode).toBe(200);
    const mails = await ownerMail(w.owner.user.email, 'owner-order-event');
    expect(mails.map((m) => [m.locale, m.subject])).toEqual([
      ['es', 'Has vendido «Cata de tés» · Tetería Russafa'],
      ['es', 'Pedido cancelado: «Cata de tés» · Tetería Russafa'],
    ]);
    expect(mails[0]!.text).toMatch(/Vendido: «Cata de tés» \(25,00\s€\)/);
    expect(mails[1]!.text).toContain('Se ha devuelto el importe a quien lo compró y no se te pagará.');
    expect(mails[0]!.text).toContain('27 nov 2026, 11:00');
    expect(await delivered(w.owner.user.email)).toEqual(expect.arrayContaining(['Has vendido «Cata de tés» · Tetería Russafa', 'Pedido cancelado: «Cata de tés» · Tetería Russafa']));
    // A second cancel is refused and tells nobody again.
    expect((await w.cancel(order.id)).statusCode).toBe(409);
    expect(await ownerMail(w.owner.user.email, 'owner-order-event')).toHaveLength(2);
  });

  it('writes to an English owner in English, and says nothing of an unpaid order cancelled', async () => {
    const w = await world('en');
    const res = await postCheckout(t, w.buyer.cookie, [line(w.gift.id)]);
    const [unpaid] = await t.database.db.select().from(orders).where(eq(orders.checkoutId, res.json().id));
    expect((await w.cancel(unpaid!.id)).statusCode).toBe(200);
    expect(await ownerMail(w.owner.user.email, 'owner-order-event')).toEqual([]);
    await w.buy();
    const [sold] = await ownerMail(w.owner.user.email, 'owner-order-event');
    expect(sold).toMatchObject({ locale: 'en', subject: 'You sold "Cata de tés" · Tetería Russafa' });
    expect(sold!.text).toContain('27 Nov 2026, 11:00');
    expect(await delivered(w.owner.user.email)).toContain('You sold "Cata de tés" · Tetería Russafa');
  });

  it('sends a daily summary instead, of the previous Madrid day, 25 hours long when summer time ends', async () => {
    const w = await world('es');
    const settings = await as(t, w.owner.cookie)({ method: 'PUT', url: '/api/business/mail-settings', payload: { orderMailDigest: true } });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ orderMailDigest: true });
    // Sunday 25 October 2026: clocks go back from 03:00 to 02:00 in Madrid.
    clock = new Date('2026-10-24T22:30:00Z'); // 00:30 on the 25th (summer time, UTC+2)
    const first = await w.buy();
    clock = new Date('2026-10-25T22:30:00Z'); // 23:30 on the 25th (winter time, UTC+1)
    expect((await w.cancel(first.id)).statusCode).toBe(200);
    clock = new Date('2026-10-25T23:30:00Z'); // 00:30 on the 26th
    await w.buy();
    // No mail per event.
    expect(await ownerMail(w.owner.user.email, 'owner-order-event')).toEqual([]);

    clock = new Date('2026-10-25T23:10:00Z'); // the 26th has begun in Madrid
    expect(await sendOwnerDailySummaries(t.app.ctx)).toBe(1);
    const [summary] = await ownerMail(w.owner.user.email, 'owner-daily-summary');
    expect(summary).toMatchObject({ locale: 'es', subject: 'Resumen del 25 oct 2026 · Tetería Russafa' });
    // Both events of the 25th, at their Madrid times; not the one of the 26th.
    expect(summary!.text).toContain('00:30 · Vendido: «Cata de tés»');
    expect(summary!.text).toContain('23:30 · Cancelado por el equipo de Regalo: «Cata de tés»');
    expect(summary!.text.match(/· Vendido/g)).toHaveLength(1);
    // Run again (another server, the next hour): nothing more.
    expect(await sendOwnerDailySummaries(t.app.ctx)).toBe(0);

    clock = new Date('2026-10-26T23:05:00Z'); // the 27th in Madrid
    expect(await sendOwnerDailySummaries(t.app.ctx)).toBe(1);
    const summaries = await ownerMail(w.owner.user.email, 'owner-daily-summary');
    expect(summaries.map((m) => m.subject)).toEqual(['Resumen del 25 oct 2026 · Tetería Russafa', 'Resumen del 26 oct 2026 · Tetería Russafa']);
    // The outbox stamps its mails with the database's clock: deliver at today's time.
    clock = new Date();
    expect(await delivered(w.owner.user.email)).toEqual(['Resumen del 25 oct 2026 · Tetería Russafa', 'Resumen del 26 oct 2026 · Tetería Russafa']);
  });

  it('tells the owner when the team deactivates the business, with its reason; a second deactivation mails nobody', async () => {
    const w = await world('en');
    const deactivate = () =>
      as(t, w.admin.cookie)({ method: 'POST', url: `/api/admin/businesses/${w.business.id}/deactivate`, payload: { reason: 'Health inspection pending' } });
    expect((await deactivate()).statusCode).toBe(200);
    expect((await deactivate()).statusCode).toBe(200);
    const mails = await ownerMail(w.owner.user.email, 'business-deactivated');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Tetería Russafa was deactivated on Regalo');
    expect(mails[0]!.text).toContain('Reason: Health inspection pending');
    expect(await delivered(w.owner.user.email)).toContain('Tetería Russafa was deactivated on Regalo');
  });

  it('asks before a rename sends the business back to review, then tells the owner by mail', async () => {
    const w = await world('es');
    const rename = (payload: object) => as(t, w.owner.cookie)({ method: 'PATCH', url: '/api/business/me', payload });
    const before = await t.database.db.select().from(businesses).where(eq(businesses.id, w.business.id));

    const unconfirmed = await rename({ name: 'Tetería Ruzafa' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({ code: 'review_confirmation_required', fields: { name: 'reviewRequired' } });
    expect(await t.database.db.select().from(businesses).where(eq(businesses.id, w.business.id))).toEqual(before);
    // A change that is not about who the business is needs no confirmation and mails nobody.
    expect((await rename({ description: 'Tés del mundo' })).statusCode).toBe(200);

    const confirmed = await rename({ name: 'Tetería Ruzafa', confirmReview: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ name: 'Tetería Ruzafa', verificationStatus: 'pending' });
    const mails = await ownerMail(w.owner.user.email, 'business-review-reopened');
    expect(mails.map((m) => m.subject)).toEqual(['Tetería Ruzafa vuelve a revisión']);
    expect(mails[0]!.text).toContain('Has cambiado el nombre de Tetería Ruzafa.');
    // Already under review: a further rename needs no confirmation and sends no second mail.
    expect((await rename({ name: 'Tetería de Ruzafa' })).statusCode).toBe(200);
    expect(await ownerMail(w.owner.user.email, 'business-review-reopened')).toHaveLength(1);
    expect(await delivered(w.owner.user.email)).toEqual(['Tetería Ruzafa vuelve a revisión']);
  });
});
