import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { codeEndingIn, counter, redemptionState } from './redemption-test-world';

const DAY = 24 * 60 * 60 * 1000;

describe('redemption at the counter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('lookup', () => {
    it('finds an order by its whole code, showing gift, recipient, status and expiry only', async () => {
      const shop = await counter(t);
      const { order } = await shop.order();
      const res = await shop.lookup(order.qrCode);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        orderId: order.id,
        giftName: shop.gift.name,
        recipientName: 'Marta',
        status: 'paid',
        expiresAt: order.expiresAt.toISOString(),
        redeemedAt: null,
        codeSuffix: order.qrCode.slice(-8),
      });
      // The whole code is the recipient's secret; the counter never gets it back.
      expect(res.body).not.toContain(order.qrCode);
    });

    it('finds an order by the gift page URL a QR scan yields', async () => {
      const shop = await counter(t);
      const { order } = await shop.order();
      const res = await shop.lookup(`${t.config.publicUrl}/g/${order.qrCode}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ orderId: order.id, status: 'paid' });
    });

    it('finds an order by its last 8 characters among this business’s orders only', async () => {
      const mine = await counter(t);
      const theirs = await counter(t);
      const suffix = 'Sh4r3d-8';
      const { order: theirOrder } = await theirs.order({ qrCode: codeEndingIn(suffix) });
      const { order: myOrder } = await mine.order({ qrCode: codeEndingIn(suffix) });
      const res = await mine.lookup(suffix);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ orderId: myOrder.id });
      const other = await theirs.lookup(suffix);
      expect(other.json()).toMatchObject({ orderId: theirOrder.id });
      // A suffix only another business has is unknown here, never "another business's".
      const { order: onlyTheirs } = await theirs.order();
      const miss = await mine.lookup(onlyTheirs.qrCode.slice(-8));
      expect(miss.statusCode).toBe(404);
      expect(miss.json()).toMatchObject({ code: 'order_not_found' });
    });

    it('asks for the whole code when two of this business’s orders end alike', async () => {
      const shop = await counter(t);
      const suffix = 'tw1nS-_x';
      await shop.order({ qrCode: codeEndingIn(suffix) });
      await shop.order({ qrCode: codeEndingIn(suffix) });
      const res = await shop.lookup(suffix);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'redemption_code_ambiguous' });
    });

    it('names another business’s whole code, and an unknown one, differently', async () => {
      const mine = await counter(t);
      const theirs = await counter(t);
      const { order } = await theirs.order();
      const other = await mine.lookup(order.qrCode);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({ code: 'order_other_business' });
      expect(other.body).not.toContain(order.recipientName);
      const unknown = await mine.lookup(codeEndingIn('zzzzzzzz'));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'order_not_found' });
    });

    it.each(['', 'abc', '123456789', 'https://example.test/x/abc', 'a'.repeat(513)])('refuses %j as not a code', async (code) => {
      const shop = await counter(t);
      const res = await shop.lookup(code);
      expect(res.statusCode).toBe(400);
      expect(['redemption_code_invalid', 'validation_failed']).toContain(res.json().code);
    });

    it('reports each status as everyone sees it (a paid order past its expiry is expired)', async () => {
      const shop = await counter(t);
      const cases = [
        [await shop.order({ status: 'redeemed' }), 'redeemed'],
        [await shop.order({ status: 'expired' }), 'expired'],
        [await shop.order({ status: 'paid', expiresAt: new Date(Date.now() - 1000) }), 'expired'],
        [await shop.order({ status: 'cancelled' }), 'cancelled'],
        [await shop.order({ status: 'unpaid' }), 'unpaid'],
      ] as const;
      for (const [{ order }, status] of cases) {
        const res = await shop.lookup(order.qrCode);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status, redeemedAt: order.redeemedAt?.toISOString() ?? null });
      }
    });
  });

  describe('redeem', () => {
    it('redeems once: the order, the record (who, when, how) and the giver’s email in their language', async () => {
      const shop = await counter(t);
      const { order, buyer } = await shop.order({ buyerLocale: 'es' });
      const res = await shop.redeem(order.id, 'scan');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ orderId: order.id, status: 'redeemed' });
      const state = await redemptionState(t, order.id);
      expect(state.order).toMatchObject({ status: 'redeemed' });
      expect(state.order!.redeemedAt!.toISOString()).toBe(body.redeemedAt);
      expect(state.records).toEqual([
        expect.objectContaining({ businessId: shop.business.id, redeemedBy: shop.user.id, method: 'scan' }),
      ]);
      const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
      expect(mail).toMatchObject({ template: 'gift-enjoyed', locale: 'es' });
      expect(mail!.subject).toBe('Marta ya ha disfrutado tu regalo');
      expect(mail!.text).toContain(shop.gift.name);
      expect(mail!.text).toContain(shop.business.name);
      expect(mail!.text).toContain('Hola, Lucía:');
      expect(mail!.text).toContain(`${t.config.publicUrl}/app?tab=orders`);

      // The orders tab sees it too.
      const list = await t.app.inject({ method: 'GET', url: '/api/business/orders', headers: { cookie: shop.cookie } });
      expect(list.json().items).toContainEqual(expect.objectContaining({ id: order.id, status: 'redeemed' }));
    });

    it('writes the giver’s email in English when that is their language, and records manual entry', async () => {
      const shop = await counter(t);
      const { order, buyer } = await shop.order({ buyerLocale: 'en' });
      expect((await shop.redeem(order.id, 'manual')).statusCode).toBe(200);
      const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
      expect(mail).toMatchObject({ locale: 'en', subject: 'Marta has enjoyed your gift' });
      expect((await redemptionState(t, order.id)).records[0]).toMatchObject({ method: 'manual' });
    });

    it('redeems an order whose giver deleted their account, without an email', async () => {
      const shop = await counter(t);
      const { order } = await shop.order({ buyerId: null });
      expect((await shop.redeem(order.id)).statusCode).toBe(200);
      const state = await redemptionState(t, order.id);
      expect(state.records).toHaveLength(1);
      expect(state.enjoyedMails).toBe(0);
    });

    it('a second attempt is refused as already redeemed, and nothing changes', async () => {
      const shop = await counter(t);
      const { order } = await shop.order();
      expect((await shop.redeem(order.id)).statusCode).toBe(200);
      const before = await redemptionState(t, order.id);
      const again = await shop.redeem(order.id, 'scan');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'order_already_redeemed' });
      expect(await redemptionState(t, order.id)).toEqual(before);
      // The lookup then tells the date it was redeemed.
      expect((await shop.lookup(order.qrCode)).json()).toMatchObject({
        status: 'redeemed',
        redeemedAt: before.order!.redeemedAt!.toISOString(),
      });
    });

    it.each([
      ['expired (stored)', { status: 'expired' as const }, 'order_expired', 409],
      ['expired (past expires_at, job not run yet)', { status: 'paid' as const, expiresAt: new Date(Date.now() - 1000) }, 'order_expired', 409],
      ['cancelled', { status: 'cancelled' as const }, 'order_cancelled', 409],
      ['not paid', { status: 'unpaid' as const }, 'order_not_paid', 409],
    ])('refuses an order that is %s, and nothing changes', async (_label, input, code, status) => {
      const shop = await counter(t);
      const { order } = await shop.order(input);
      const before = await redemptionState(t, order.id);
      const res = await shop.redeem(order.id);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code });
      expect(await redemptionState(t, order.id)).toEqual(before);
    });

    it('redeems on the last day of validity, up to its final moment', async () => {
      const shop = await counter(t);
      const { order } = await shop.order({ expiresAt: new Date(Date.now() + DAY) });
      expect((await shop.redeem(order.id)).statusCode).toBe(200);
    });

    it('refuses another business’s order and an unknown order, and nothing changes', async () => {
      const mine = await counter(t);
      const theirs = await counter(t);
      const { order } = await theirs.order();
      const before = await redemptionState(t, order.id);
      const res = await mine.redeem(order.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'order_other_business' });
      expect(await redemptionState(t, order.id)).toEqual(before);

      const unknown = await mine.redeem('00000000-0000-4000-8000-000000000000');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'order_not_found' });
    });

    it('refuses a malformed request with 400 and changes nothing', async () => {
      const shop = await counter(t);
      const { order } = await shop.order();
      const before = await redemptionState(t, order.id);
      for (const payload of [{ orderId: 'nope', method: 'scan' }, { orderId: order.id, method: 'telepathy' }, {}]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/business/redemptions',
          headers: { cookie: shop.cookie, origin: 'http://localhost:3000' },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_failed' });
      }
      expect(await redemptionState(t, order.id)).toEqual(before);
    });
  });
});

describe('manual entry rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
  });
  afterAll(() => t.close());

  it('limits typed suffixes per business with a 429 and Retry-After, not whole codes or other businesses', async () => {
    const shop = await counter(t);
    const other = await counter(t);
    const { order } = await shop.order();
    for (let i = 0; i < 30; i++) expect((await shop.lookup(order.qrCode.slice(-8))).statusCode).toBe(200);
    const limited = await shop.lookup(order.qrCode.slice(-8));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A scan (whole code) still works at this counter, and the shop next door is not affected.
    expect((await shop.lookup(order.qrCode)).statusCode).toBe(200);
    expect((await other.lookup('abcdefgh')).statusCode).toBe(404);
  });
});
