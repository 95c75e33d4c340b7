import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { checkouts, giftMovements, orders } from '../../db/schema/orders';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { formatPrice } from '@shared/format';
import { authedInject, cookieFrom } from '../../testing/auth-helpers';
import { as, line, paymentState, postCheckout, shop, signedIn, newKey } from '../../testing/checkout-test-world';
import { createGift } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

const START = new Date('2026-11-23T10:00:00.000Z'); // 11:00 in Madrid

/** A gift card at checkout (ADR 108): the giver's amount, within the card's bounds. */
describe('buying a gift card', () => {
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

  async function cardShop() {
    const world = await shop(t);
    const card = await createGift(db(), { businessId: world.business.id, name: 'Tarjeta regalo', card: { minAmount: 500, maxAmount: 20_000, suggestedAmounts: [2000, 5000] } });
    return { ...world, card };
  }
  const ordersOf = (checkoutId: string) => db().select().from(orders).where(eq(orders.checkoutId, checkoutId)).orderBy(asc(orders.createdAt));
  const pay = (cookie: string | null, checkoutId: string) => authedInject(t, cookie, { method: 'POST', url: `/api/payments/test/${checkoutId}/succeed` });

  it('quotes a card with its bounds and suggestions', async () => {
    const { card, tea } = await cardShop();
    const res = await as(t, null)({ method: 'POST', url: '/api/checkouts/quote', payload: { giftIds: [card.id, tea.id] } });
    expect(res.json().items).toEqual([
      expect.objectContaining({ giftId: card.id, kind: 'card', price: 500, minAmount: 500, maxAmount: 20_000, suggestedAmounts: [2000, 5000] }),
      expect.objectContaining({ giftId: tea.id, kind: 'fixed', price: 2500, minAmount: null, maxAmount: null }),
    ]);
  });

  it.each([
    [undefined, 'card_amount_required'],
    [null, 'card_amount_required'],
    [499, 'card_amount_out_of_bounds'],
    [20_001, 'card_amount_out_of_bounds'],
    [1000.5, 'card_amount_invalid'],
    [0, 'card_amount_out_of_bounds'],
    [-100, 'card_amount_out_of_bounds'],
    ['50', 'card_amount_invalid'],
  ])('refuses the amount %j with %s and creates nothing', async (amountCents, code) => {
    const { card, tea } = await cardShop();
    const giver = await signedIn(t);
    const before = await paymentState(t);
    const res = await postCheckout(t, giver.cookie, [line(tea.id), line(card.id, { amountCents } as never)]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { 'lines.1.amountCents': code } });
    expect(await paymentState(t)).toEqual(before);
  });

  it('refuses an amount on a fixed gift', async () => {
    const { tea } = await cardShop();
    const giver = await signedIn(t);
    const res = await postCheckout(t, giver.cookie, [line(tea.id, { amountCents: 1000 })]);
    expect(res.json()).toMatchObject({ fields: { 'lines.0.amountCents': 'card_amount_not_a_card' } });
  });

  it('sells cards and fixed gifts in one signed-in checkout, to several recipients, one scheduled', async () => {
    const { card, tea, business } = await cardShop();
    const giver = await signedIn(t);
    const res = await postCheckout(t, giver.cookie, [
      line(card.id, { amountCents: 5000 }),
      line(tea.id),
      line(card.id, { amountCents: 20_000, recipientName: 'Pau', delivery: { kind: 'scheduled', date: '2026-12-24', time: '09:00' } }),
      line(card.id, { amountCents: 500, recipientName: null, recipientEmail: null, delivery: { kind: 'in_person' } }),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const checkout = res.json();
    expect(checkout.totalAmount).toBe(5000 + 2500 + 20_000 + 500);
    expect(checkout.lines.map((l: { price: number; valueKind: string }) => [l.valueKind, l.price])).toEqual([
      ['card', 5000],
      ['fixed', 2500],
      ['card', 20_000],
      ['card', 500],
    ]);
    expect((await pay(giver.cookie, checkout.id)).statusCode).toBe(200);

    const sold = await ordersOf(checkout.id);
    expect(sold.map((o) => [o.valueKind, o.totalAmount, o.status, o.businessId])).toEqual([
      ['card', 5000, 'paid', business.id],
      ['fixed', 2500, 'paid', business.id],
      ['card', 20_000, 'paid', business.id],
      ['card', 500, 'paid', business.id],
    ]);
    // The commission and its VAT as for a fixed gift of that price (1,14 % of 50,00 € = 0,57 €).
    expect(sold[0]).toMatchObject({ commissionAmount: 57, commissionVatAmount: 12, netAmount: 5000 - 57 - 12 });
    expect(sold[2]!.deliverAt?.toISOString()).toBe('2026-12-24T08:00:00.000Z');
    // The card's whole amount is issued once, as a fixed gift's value is.
    const issued = await db().select().from(giftMovements).where(and(eq(giftMovements.orderId, sold[0]!.id), eq(giftMovements.kind, 'issued')));
    expect(issued.map((m) => m.amount)).toEqual([5000]);
    // The recipient's gift email says what the card starts with.
    const [giftMail] = await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, sold[0]!.recipientEmail!), eq(mailOutbox.template, 'gift-received')));
    expect(giftMail!.text).toContain(`Es una tarjeta regalo de ${formatPrice(5000)}`);
  });

  it('sells a card to a guest at the amount typed', async () => {
    const { card } = await cardShop();
    const buyer = { name: 'Ana Invitada', email: `guest-${randomUUID().slice(0, 8)}@example.test`, locale: 'es' };
    const created = await authedInject(t, null, {
      method: 'POST',
      url: '/api/guest-checkouts',
      payload: { idempotencyKey: newKey(), acceptedTermsVersion: TERMS_VERSION, buyer, lines: [line(card.id, { amountCents: 3160 })] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const checkout = created.json();
    expect((await pay(cookieFrom(created), checkout.id)).statusCode).toBe(200);
    const [order] = await ordersOf(checkout.id);
    expect(order).toMatchObject({ valueKind: 'card', totalAmount: 3160, status: 'paid', buyerId: null });
    expect((await db().select().from(checkouts).where(eq(checkouts.id, checkout.id)))[0]).toMatchObject({ amountTotal: 3160 });
    // The guest's receipt: the card's line, no VAT claimed for it, and why (a multi-purpose voucher).
    const [receipt] = await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, buyer.email), eq(mailOutbox.template, 'order-receipt')));
    expect(receipt!.text).toContain(`tarjeta regalo de ${formatPrice(3160)}`);
    expect(receipt!.text).toContain(`Total: ${formatPrice(3160)}.`);
    expect(receipt!.text).not.toContain('IVA incluido');
    expect(receipt!.text).toContain('El negocio cobra el IVA cuando se usa la tarjeta');
  });
});
