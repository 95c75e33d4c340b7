import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '@shared/format';
import { createClock } from '../../money/payouts-test-world';
import { as, signedInOwner } from '../../testing/dashboard-test-world';
import { createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** The holder of a gift card sees its balance and every use on the gift page (ADR 108). */
describe('a gift card’s page', () => {
  const clock = createClock(new Date());
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  let n = 0;
  async function card(recipientLocale: 'es' | 'va' | 'en' = 'es') {
    const shop = await signedInOwner(t, { name: `La Palmera ${n++}` });
    const gift = await createGift(t.database.db, { businessId: shop.business.id, card: { minAmount: 500, maxAmount: 50_000 } });
    const buyer = await createUser(t.database.db);
    const order = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, valueKind: 'card', amountCents: 5000, recipientLocale, now: clock.now() });
    const request = as(t, shop.cookie);
    const use = async (amountCents: number) => {
      const res = await request({ method: 'POST', url: '/api/business/redemptions', payload: { code: order.qrCode, amountCents, idempotencyKey: `key-${Date.now()}-${n++}` } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { card: { uses: { id: string }[] } };
    };
    const undo = (useId: string) => request({ method: 'POST', url: `/api/business/redemptions/uses/${useId}/undo`, payload: { reason: 'Wrong amount' } });
    const page = async (lang: string) => (await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}?lang=${lang}` })).body;
    return { order, use, undo, page };
  }

  it('prints the card’s amount on the A6 card and on the folded card, in the asked language; a fixed gift’s prints none', async () => {
    const { order } = await card('es');
    for (const [path, lang, text] of [['print', 'es', 'Tarjeta regalo de'], ['print/folded', 'va', 'Targeta regal de'], ['print', 'en', 'Gift card of']] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}/${path}?lang=${lang}` });
      expect(res.statusCode, path).toBe(200);
      const amount = /<p class="card-amount" data-testid="print-card-amount"><strong>(.*?)<\/strong><\/p>/.exec(res.body);
      expect(amount?.[1], `${path} ${lang}`).toContain(`${text} ${formatPrice(5000)}`);
    }
    const shop = await signedInOwner(t, { name: `Forn ${n++}` });
    const fixed = await createOrder(t.database.db, { buyerId: (await createUser(t.database.db)).id, giftId: (await createGift(t.database.db, { businessId: shop.business.id })).id });
    expect((await t.app.inject({ method: 'GET', url: `/g/${fixed.qrCode}/print?lang=es` })).body).not.toContain('print-card-amount');
  });

  it('shows the balance in large type, what it started with, and each use with the balance after, in the holder’s language', async () => {
    const { use, undo, page } = await card('es');
    expect(await page('es')).toContain(`<p data-testid="card-uses">Todavía no se ha usado.</p>`);
    await use(1840);
    clock.set(new Date(clock.now().getTime() + 60_000));
    const second = await use(1000);
    const undoRes = await undo(second.card.uses[0]!.id);
    expect(undoRes.statusCode, undoRes.body).toBe(200);

    const html = await page('es');
    expect(html).toContain(`<p class="balance" data-testid="card-balance">Saldo: ${formatPrice(3160)}</p>`);
    expect(html).toContain(`Tarjeta regalo de ${formatPrice(5000)}`);
    expect(html).toMatch(/Válido hasta el/);
    const rows = [...html.matchAll(/<tr(?: class="undone")?><td>[^<]+<\/td><td>(.*?)<\/td><td>(.*?)<\/td><\/tr>/g)].map((m) => [m[1], m[2]]);
    expect(rows).toEqual([
      [formatPrice(1840), formatPrice(3160)],
      [`<s>${formatPrice(1000)}</s> (anulado)`, formatPrice(2160)],
    ]);
    expect(html).not.toContain('<script');
    const english = await page('en');
    expect(english).toContain(`Balance: ${formatPrice(3160)}`);
  });

  it('shows nothing of a card on a fixed gift’s page', async () => {
    const shop = await signedInOwner(t, { name: `Forn ${n++}` });
    const gift = await createGift(t.database.db, { businessId: shop.business.id });
    const order = await createOrder(t.database.db, { buyerId: (await createUser(t.database.db)).id, giftId: gift.id });
    const html = (await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}?lang=es` })).body;
    expect(html).not.toContain('card-balance');
  });
});
