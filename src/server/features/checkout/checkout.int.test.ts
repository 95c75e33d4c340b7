import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { checkouts, orders } from '../../db/schema/orders';
import { createBusiness, createContact, createGift, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expireCheckouts } from './expire-checkouts';
import { as, line, newKey, paymentState, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';

const START = new Date('2026-11-23T10:00:00.000Z'); // 11:00 in Madrid

describe('checkout with the test provider', () => {
  let t: TestApp;
  let clock = START;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  beforeEach(() => {
    clock = START;
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  it('quotes today’s price, validity and expiry, for a guest too; unknown and unavailable gifts come back unavailable', async () => {
    const { tea, business } = await shop(t);
    const hidden = await createGift(db(), { businessId: business.id, name: 'Retirado', isAvailable: false });
    // No session: a guest's cart is quoted the same way (ADR 075).
    const res = await as(t, null)({
      method: 'POST',
      url: '/api/checkouts/quote',
      payload: { giftIds: [tea.id, hidden.id, '00000000-0000-4000-8000-000000000000', 'nonsense'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [a, b, c, d] = res.json().items;
    expect(a).toEqual({
      giftId: tea.id,
      available: true,
      name: 'Cata de tés',
      businessId: business.id,
      businessName: 'Tetería Russafa',
      imageUrl: tea.imageUrl,
      price: 2500,
      kind: 'fixed',
      minAmount: null,
      maxAmount: null,
      suggestedAmounts: null,
      currency: 'EUR',
      validityDays: 365,
      expiresAtIfPaidNow: '2027-11-23T22:59:59.999Z',
      bookedOnline: false,
    });
    // Off sale: answered as an unknown id (the cart keeps the name it has).
    expect(b).toEqual({ ...c, giftId: hidden.id });
    expect(c).toMatchObject({ available: false, name: null, businessName: null, price: null });
    expect(d).toMatchObject({ giftId: 'nonsense', available: false });
  });

  it('tells an anonymous caller nothing about a gift that is not listed, whatever the reason', async () => {
    const { business } = await shop(t);
    const gift = (name: string, businessId = business.id, extra: Partial<typeof gifts.$inferInsert> = {}) =>
      createGift(db(), { businessId, name, price: 1500, ...extra });
    const otherBusiness = async (name: string, values: Partial<typeof businesses.$inferInsert>) => {
      const owner = await createUser(db(), { userType: 'business' });
      const created = await createBusiness(db(), { ownerId: owner.id, name });
      await db().update(businesses).set(values).where(eq(businesses.id, created.id));
      return created.id;
    };
    const offSale = await gift('Fuera de venta', business.id, { isAvailable: false });
    const archived = await gift('Archivado');
    await db().update(gifts).set({ archivedAt: START }).where(eq(gifts.id, archived.id));
    const hiddenGift = await gift('Oculto tras una denuncia');
    await db().update(gifts).set({ hiddenAt: START }).where(eq(gifts.id, hiddenGift.id));
    const cases = {
      offSale,
      archived,
      hiddenGift,
      hiddenBusiness: await gift('De un negocio oculto', await otherBusiness('Negocio oculto', { hiddenAt: START })),
      pending: await gift('De un negocio pendiente', await otherBusiness('Negocio pendiente', { verificationStatus: 'pending', isActive: false })),
      rejected: await gift('De un negocio rechazado', await otherBusiness('Negocio rechazado', { verificationStatus: 'rejected', isActive: false })),
      deactivated: await gift('De un negocio desactivado', await otherBusiness('Negocio desactivado', { isActive: false })),
    };
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await as(t, null)({ method: 'POST', url: '/api/checkouts/quote', payload: { giftIds: [unknown, ...Object.values(cases).map((g) => g.id)] } });
    expect(res.statusCode, res.body).toBe(200);
    const [asUnknown, ...items] = res.json().items as Record<string, unknown>[];
    for (const [i, [why, g]] of Object.entries(cases).entries()) {
      expect(items[i], why).toEqual({ ...asUnknown, giftId: g.id });
    }
    expect(res.body).not.toMatch(/Negocio|Fuera de venta|Archivado|Oculto|De un negocio/);
  });

  it('names each gift in the reader’s language where the business wrote it: the quote, the thank-you page, the receipt (ADR 068)', async () => {
    const { tea } = await shop(t);
    await db().update(gifts).set({ nameTranslations: { va: 'Tast de tes', en: 'Tea tasting' } }).where(eq(gifts.id, tea.id));
    const giver = await signedIn(t, { name: 'Carme', locale: 'va' });
    const inValencian = `${giver.cookie}; regalo-language=va`;
    const quote = await as(t, inValencian)({ method: 'POST', url: '/api/checkouts/quote', payload: { giftIds: [tea.id] } });
    expect(quote.json().items[0].name).toBe('Tast de tes');
    // The business's own language reads its own text.
    const inSpanish = await as(t, `${giver.cookie}; regalo-language=es`)({ method: 'POST', url: '/api/checkouts/quote', payload: { giftIds: [tea.id] } });
    expect(inSpanish.json().items[0].name).toBe('Cata de tés');

    const created = await postCheckout(t, giver.cookie, [line(tea.id, { recipientName: 'Pep' })]);
    const id = created.json().id as string;
    const paid = await as(t, inValencian)({ method: 'POST', url: `/api/payments/test/${id}/succeed` });
    expect(paid.json().lines[0].giftName).toBe('Tast de tes');
    const read = await as(t, `${giver.cookie}; regalo-language=en`)({ method: 'GET', url: `/api/checkouts/${id}` });
    expect(read.json().lines[0].giftName).toBe('Tea tasting');
    const [receipt] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, giver.user.email));
    expect(receipt).toMatchObject({ template: 'order-receipt', locale: 'va' });
    expect(receipt!.text).toContain('Tast de tes');
  });

  it('creates one checkout and one unpaid order per recipient, priced from the database (a sent price is ignored)', async () => {
    const { tea, dinner, business } = await shop(t);
    const buyer = await signedIn(t, { name: 'Ana María García', locale: 'en' });
    const contact = await createContact(db(), { userId: buyer.user.id, name: 'Joan' });
    const lines = [
      { ...line(tea.id, { recipientName: 'Lucía', recipientLocale: 'es' }), price: 1, totalAmount: 1 },
      line(tea.id, { recipientName: 'Joan', recipientEmail: null, recipientPhone: '+34 600 111 222', recipientLocale: 'en', contactId: contact.id, personalMessage: '' }),
      line(dinner.id, { recipientName: 'Marta', delivery: { kind: 'scheduled', date: '2026-11-24', time: '09:30' } }),
    ];
    const res = await postCheckout(t, buyer.cookie, lines as never);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'pending',
      provider: 'test',
      totalAmount: 2500 + 2500 + 4000,
      currency: 'EUR',
      paymentUrl: `http://localhost:3000/checkout/${body.id}/pay`,
    });
    expect(body.lines.map((l: { recipientName: string; price: number; status: string }) => [l.recipientName, l.price, l.status])).toEqual([
      ['Lucía', 2500, 'unpaid'],
      ['Joan', 2500, 'unpaid'],
      ['Marta', 4000, 'unpaid'],
    ]);
    expect(body.lines[2]).toMatchObject({ giftName: 'Cena para dos', businessName: 'Tetería Russafa', validityDays: 30, expiresAt: '2026-12-23T22:59:59.999Z', deliverAt: '2026-11-24T08:30:00.000Z' });
    expect(body.lines[0].deliverAt).toBeNull();

    const rows = await db().select().from(orders).where(eq(orders.checkoutId, body.id));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'unpaid', buyerId: buyer.user.id, businessId: business.id, senderName: 'Ana', commissionRate: 1.14, commissionAmount: null, netAmount: null, paidAt: null });
      // The placeholder is visibly not a redemption code.
      expect(row.qrCode).toMatch(/^unpaid-/);
    }
    const joan = rows.find((r) => r.recipientName === 'Joan')!;
    expect(joan).toMatchObject({ recipientEmail: null, recipientPhone: '+34 600 111 222', recipientLocale: 'en', contactId: contact.id, personalMessage: null });
    const [checkout] = await db().select().from(checkouts).where(eq(checkouts.id, body.id));
    expect(checkout).toMatchObject({ amountTotal: 9000, providerRef: `test_${body.id}`, expiresAt: new Date(START.getTime() + 30 * 60_000) });
  });

  it('returns the same checkout for the same key (200), and never another buyer’s', async () => {
    const { tea } = await shop(t);
    const buyer = await signedIn(t);
    const key = newKey();
    const first = await postCheckout(t, buyer.cookie, [line(tea.id)], key);
    expect(first.statusCode).toBe(201);
    const again = await postCheckout(t, buyer.cookie, [line(tea.id), line(tea.id)], key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await db().select().from(orders)).toHaveLength(1);

    // The same key from someone else is their own, separate checkout.
    const other = await signedIn(t);
    const theirs = await postCheckout(t, other.cookie, [line(tea.id)], key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(first.json().id);
  });

  it('refuses unavailable, archived and unlisted gifts naming the lines, and writes nothing', async () => {
    const { tea, business } = await shop(t);
    const off = await createGift(db(), { businessId: business.id, isAvailable: false });
    const archived = await createGift(db(), { businessId: business.id, archivedAt: new Date() });
    const buyer = await signedIn(t);
    const before = await paymentState(t);
    const res = await postCheckout(t, buyer.cookie, [line(tea.id), line(off.id), line(archived.id)]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'gift_unavailable',
      fields: { 'lines.1.giftId': 'gift_unavailable', 'lines.2.giftId': 'gift_unavailable' },
    });
    expect(res.json().fields['lines.0.giftId']).toBeUndefined();

    await db().update(businesses).set({ isActive: false }).where(eq(businesses.id, business.id));
    const unlisted = await postCheckout(t, buyer.cookie, [line(tea.id)]);
    expect(unlisted.statusCode).toBe(409);
    expect(unlisted.json().fields).toEqual({ 'lines.0.giftId': 'gift_unavailable' });
    expect(await paymentState(t)).toEqual(before);
  });

  it('validates every line on the server: contact, formats, delivery moment, contact ownership', async () => {
    const { tea, dinner } = await shop(t);
    const buyer = await signedIn(t);
    const stranger = await signedIn(t);
    const theirContact = await createContact(db(), { userId: stranger.user.id });
    const before = await paymentState(t);

    const bad = await postCheckout(t, buyer.cookie, [
      line(tea.id, { recipientEmail: null, recipientPhone: null }),
      line(tea.id, { recipientEmail: 'not-an-email', recipientName: '   ' }),
      line(tea.id, { personalMessage: 'x'.repeat(501) }),
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      'lines.0.recipientEmail': 'contact_required',
      'lines.1.recipientEmail': 'invalid_email',
      'lines.1.recipientName': 'required',
      'lines.2.personalMessage': 'too_long',
    });

    const when = await postCheckout(t, buyer.cookie, [
      line(tea.id, { delivery: { kind: 'scheduled', date: '2026-11-23', time: '10:59' } }),
      line(tea.id, { delivery: { kind: 'scheduled', date: '2027-03-01', time: '10:00' } }),
      line(tea.id, { delivery: { kind: 'scheduled', date: '2026-02-30', time: '10:00' } }),
      line(tea.id, { contactId: theirContact.id }),
    ]);
    expect(when.statusCode).toBe(400);
    expect(when.json().fields).toEqual({
      'lines.0.delivery': 'delivery_in_past',
      'lines.1.delivery': 'delivery_too_far',
      'lines.2.delivery': 'invalid_delivery',
      'lines.3.contactId': 'invalid',
    });

    // A 30-day gift cannot be scheduled after it would expire.
    const late = await postCheckout(t, buyer.cookie, [line(dinner.id, { delivery: { kind: 'scheduled', date: '2027-01-10', time: '10:00' } })]);
    expect(late.statusCode).toBe(400);
    expect(late.json().fields).toEqual({ 'lines.0.delivery': 'delivery_too_far' });
    expect(await paymentState(t)).toEqual(before);
  });

  it('on success marks every order paid in one go: paid_at, expiry, exact commission, a fresh code, receipt and the gifts due now', async () => {
    const world = await shop(t);
    const { tea, dinner } = world;
    const buyer = await signedIn(t, { name: 'Ana García', locale: 'en' });
    const created = (
      await postCheckout(t, buyer.cookie, [
        line(tea.id, { recipientEmail: 'lucia@example.test', recipientLocale: 'es' }),
        line(dinner.id, { recipientEmail: 'marta@example.test', recipientLocale: 'en', delivery: { kind: 'scheduled', date: '2026-11-25', time: '18:00' } }),
      ])
    ).json();
    const placeholders = (await db().select().from(orders)).map((o) => o.qrCode);
    // Nothing to type at a counter before payment.
    expect((await db().select().from(orders)).map((o) => o.typedCode)).toEqual([null, null]);

    clock = new Date('2026-11-23T22:30:00.000Z'); // 23:30 in Madrid, still the 23rd
    const paid = await as(t, buyer.cookie)({ method: 'POST', url: `/api/payments/test/${created.id}/succeed` });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded', paymentUrl: null });
    expect(paid.json().lines.map((l: { status: string }) => l.status)).toEqual(['paid', 'paid']);

    const rows = await db().select().from(orders).orderBy(orders.createdAt);
    const [teaOrder, dinnerOrder] = rows;
    expect(teaOrder).toMatchObject({
      status: 'paid',
      paidAt: clock,
      commissionRate: 1.14,
      commissionAmount: 29, // 25,00 € at 1,14 % is 0,285 € → 0,29 €, never 0,28 €
      vatRate: 21,
      commissionVatAmount: 6, // 21 % IVA on 0,29 € is 0,0609 € → 0,06 € (ADR 053)
      netAmount: 2465,
      expiresAt: new Date('2027-11-23T22:59:59.999Z'),
      deliveredAt: clock,
    });
    expect(dinnerOrder).toMatchObject({ status: 'paid', commissionAmount: 46, commissionVatAmount: 10, netAmount: 3944, expiresAt: new Date('2026-12-23T22:59:59.999Z'), deliveredAt: null });
    for (const row of rows) {
      expect(row.qrCode).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
      expect(placeholders).not.toContain(row.qrCode);
      // The code to type at the counter, given at payment (ADR 055).
      expect(row.typedCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    }
    const [checkout] = await db().select().from(checkouts);
    expect(checkout).toMatchObject({ status: 'succeeded', completedAt: clock, paymentRef: `test_payment_${created.id}` });

    const all = await db().select().from(mailOutbox);
    // The owner hears of each sale (ADR 065: owner-notices.int.test.ts); the giver's and recipients' mails here.
    expect(all.filter((m) => m.template === 'owner-order-event').map((m) => m.to)).toEqual([world.owner.user.email, world.owner.user.email]);
    const mails = all.filter((m) => m.template !== 'owner-order-event');
    expect(mails.map((m) => [m.to, m.template, m.locale]).sort()).toEqual(
      [
        [buyer.user.email, 'order-receipt', 'en'],
        ['lucia@example.test', 'gift-received', 'es'],
      ].sort(),
    );
    const gift = mails.find((m) => m.template === 'gift-received')!;
    expect(gift.text).toContain(`http://localhost:3000/g/${teaOrder!.qrCode}`);
    expect(gift.text).toContain(`${teaOrder!.typedCode!.slice(0, 4)}-${teaOrder!.typedCode!.slice(4)}`);
    expect(gift.subject).toBe('Ana te ha enviado un regalo: Cata de tés');
    expect(gift.text).toContain('Carrer de Sueca 12');
    expect(gift.text).toContain('23 nov 2027');
    const receipt = mails.find((m) => m.template === 'order-receipt')!;
    expect(receipt.text).toContain('Cata de tés');
    expect(receipt.text).toContain('Cena para dos');
    expect(receipt.text).toContain('(VAT included)');

    // A double click: 200, nothing changes. Failing or cancelling now is refused.
    const before = await paymentState(t);
    const twice = await as(t, buyer.cookie)({ method: 'POST', url: `/api/payments/test/${created.id}/succeed` });
    expect(twice.statusCode).toBe(200);
    for (const outcome of ['fail', 'cancel']) {
      const late = await as(t, buyer.cookie)({ method: 'POST', url: `/api/payments/test/${created.id}/${outcome}` });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('checkout_not_pending');
    }
    expect(await paymentState(t)).toEqual(before);
  });

  it('a failed or cancelled payment charges nothing: orders stay unpaid, then are cancelled when the checkout expires', async () => {
    const { tea } = await shop(t);
    const buyer = await signedIn(t);
    const failed = (await postCheckout(t, buyer.cookie, [line(tea.id)])).json();
    const cancelled = (await postCheckout(t, buyer.cookie, [line(tea.id), line(tea.id)])).json();
    const abandoned = (await postCheckout(t, buyer.cookie, [line(tea.id)])).json();

    const fail = await as(t, buyer.cookie)({ method: 'POST', url: `/api/payments/test/${failed.id}/fail` });
    expect(fail.statusCode).toBe(200);
    expect(fail.json()).toMatchObject({ status: 'failed', paymentUrl: null });
    const cancel = await as(t, buyer.cookie)({ method: 'POST', url: `/api/payments/test/${cancelled.id}/cancel` });
    expect(cancel.json()).toMatchObject({ status: 'expired' });
    expect((await as(t, buyer.cookie)({ method: 'POST', url: `/api/payments/test/${failed.id}/succeed` })).statusCode).toBe(409);

    const all = await db().select().from(orders);
    expect(all.every((o) => o.status === 'unpaid' && o.paidAt === null && o.commissionAmount === null)).toBe(true);
    expect(await db().select().from(mailOutbox)).toEqual([]);

    // Within the 30 minutes nothing is cancelled…
    clock = new Date(START.getTime() + 29 * 60_000);
    expect(await expireCheckouts(t.app.ctx)).toEqual({ checkouts: 0, orders: 0 });
    // …after them, the abandoned checkout expires and every unpaid order is cancelled.
    clock = new Date(START.getTime() + 31 * 60_000);
    expect(await expireCheckouts(t.app.ctx)).toEqual({ checkouts: 1, orders: 4 });
    const after = await db().select().from(orders);
    expect(after.every((o) => o.status === 'cancelled' && o.cancelledAt?.getTime() === clock.getTime())).toBe(true);
    const reasons = Object.fromEntries(after.map((o) => [o.checkoutId, o.cancelReason]));
    expect(reasons).toEqual({ [failed.id]: 'payment_failed', [cancelled.id]: 'checkout_expired', [abandoned.id]: 'checkout_expired' });
    const [row] = await db().select().from(checkouts).where(eq(checkouts.id, abandoned.id));
    expect(row!.status).toBe('expired');
    // Running it again (another server) changes nothing.
    expect(await expireCheckouts(t.app.ctx)).toEqual({ checkouts: 0, orders: 0 });
  });

  it('prices at checkout time: a later price change does not touch the pending checkout', async () => {
    const { tea, owner } = await shop(t);
    const buyer = await signedIn(t);
    const created = (await postCheckout(t, buyer.cookie, [line(tea.id)])).json();
    await db().update(gifts).set({ price: 9900 }).where(eq(gifts.id, tea.id));
    await db().update(businesses).set({ commissionRate: 20 }).where(eq(businesses.id, tea.businessId));
    await as(t, buyer.cookie)({ method: 'POST', url: `/api/payments/test/${created.id}/succeed` });
    const [order] = await db().select().from(orders);
    expect(order).toMatchObject({ totalAmount: 2500, commissionRate: 1.14, commissionAmount: 29, commissionVatAmount: 6, netAmount: 2465 });
    // The business sees the same figures in its orders tab.
    const list = await as(t, owner.cookie)({ method: 'GET', url: '/api/business/orders' });
    expect(list.json().items).toMatchObject([{ id: order!.id, status: 'paid', totalAmount: 2500, commissionRate: 1.14, commissionAmount: 29, netAmount: 2465 }]);
  });

  it('creates exactly one checkout when the same key races (truly concurrent on PostgreSQL)', async () => {
    const { tea } = await shop(t);
    const buyer = await signedIn(t);
    const key = newKey();
    const lines = [line(tea.id), line(tea.id)];
    const responses = await Promise.all(Array.from({ length: 6 }, () => postCheckout(t, buyer.cookie, lines, key)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    expect(await db().select().from(checkouts)).toHaveLength(1);
    expect(await db().select().from(orders)).toHaveLength(2);
  });
});
