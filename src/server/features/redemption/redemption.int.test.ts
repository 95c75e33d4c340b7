import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { checkouts, orders } from '../../db/schema/orders';
import { createPurchaseToken } from '../../domain/orders/purchase-link';
import { signIn } from '../../testing/auth-helpers';
import { as } from '../../testing/dashboard-test-world';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { formatTypedCode } from '@shared/domain/typed-code';
import { codeEndingIn, counter, redemptionState } from './redemption-test-world';
import { WRONG_TYPED_CODES_PER_BUSINESS, WRONG_TYPED_CODES_PER_SESSION } from './routes';

const DAY = 24 * 60 * 60 * 1000;

describe('redemption at the counter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('lookup', () => {
    it('finds an order by its whole code, showing gift, recipient, status and expiry only (no code)', async () => {
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
      });
      // The codes are the recipient's; the counter never gets them back.
      expect(res.body).not.toContain(order.qrCode);
      expect(res.body).not.toContain(order.qrCode.slice(-8));
      expect(res.body).not.toContain(order.typedCode);
    });

    it('finds an order by the gift page URL a QR scan yields', async () => {
      const shop = await counter(t);
      const { order } = await shop.order();
      const res = await shop.lookup(`${t.config.publicUrl}/g/${order.qrCode}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ orderId: order.id, status: 'paid' });
    });

    it('finds an order by its typed code however it is typed, among this business’s orders only', async () => {
      const mine = await counter(t);
      const theirs = await counter(t);
      // One code, drawn by two businesses: each finds its own.
      const { order: theirOrder } = await theirs.order({ typedCode: 'K7QDM2XA' });
      const { order: myOrder } = await mine.order({ typedCode: 'K7QDM2XA' });
      for (const typed of ['K7QD-M2XA', 'k7qd-m2xa', 'K7QDM2XA', 'k7qd m2xa']) {
        const res = await mine.lookup(typed);
        expect(res.statusCode, typed).toBe(200);
        expect(res.json()).toMatchObject({ orderId: myOrder.id });
      }
      expect((await theirs.lookup('k7qd-m2xa')).json()).toMatchObject({ orderId: theirOrder.id });
      // Look-alikes are read as what they look like: O as 0, I and L as 1.
      const { order: lookAlike } = await mine.order({ typedCode: '10Q0M2XA' });
      expect((await mine.lookup('lOQO-M2XA')).json()).toMatchObject({ orderId: lookAlike.id });
      // A typed code only another business has is unknown here, never "another business's".
      const { order: onlyTheirs } = await theirs.order();
      const miss = await mine.lookup(formatTypedCode(onlyTheirs.typedCode!));
      expect(miss.statusCode).toBe(404);
      expect(miss.json()).toMatchObject({ code: 'order_not_found' });
    });

    it('no longer finds an order by the last 8 characters of its whole code (ADR 055)', async () => {
      const shop = await counter(t);
      const { order: withUnderscore } = await shop.order({ qrCode: codeEndingIn('F_odPpnE') });
      const { order: lettersOnly } = await shop.order({ qrCode: codeEndingIn('abcdEFGH') });
      expect((await shop.lookup('F_odPpnE')).json()).toMatchObject({ code: 'redemption_code_invalid' });
      // Eight base32-looking characters are read as a typed code, which this gift does not have.
      const res = await shop.lookup('abcdEFGH');
      expect(res.statusCode).toBe(404);
      for (const order of [withUnderscore, lettersOnly]) expect((await redemptionState(t, order.id)).order).toMatchObject({ status: 'paid' });
    });

    it('names the paid gift when a redeemed one of the same business had drawn the same typed code', async () => {
      const shop = await counter(t);
      await shop.order({ status: 'redeemed', typedCode: 'AAAA2222' });
      const { order: paid } = await shop.order({ typedCode: 'AAAA2222' });
      expect((await shop.lookup('AAAA-2222')).json()).toMatchObject({ orderId: paid.id, status: 'paid' });
    });

    it('keeps a typed code unique among a business’s redeemable gifts, in the database', async () => {
      const shop = await counter(t);
      const other = await counter(t);
      await shop.order({ typedCode: 'BBBB3333' });
      await expect(shop.order({ typedCode: 'BBBB3333' })).rejects.toMatchObject({
        cause: expect.objectContaining({ constraint: 'orders_business_typed_code_unique' }),
      });
      // Not paid any more, or another business's: free to draw again.
      await expect(shop.order({ typedCode: 'BBBB3333', status: 'expired' })).resolves.toBeDefined();
      await expect(other.order({ typedCode: 'BBBB3333' })).resolves.toBeDefined();
      // Stored in one form only (the database refuses a lower-case or dashed code).
      await expect(shop.order({ typedCode: 'bbbb-3333' })).rejects.toMatchObject({
        cause: expect.objectContaining({ constraint: 'orders_typed_code_check' }),
      });
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
    it('redeems once with the scanned code: the order, the record (who, when, how) and the giver’s email in their language', async () => {
      const shop = await counter(t);
      const { order, buyer } = await shop.order({ buyerLocale: 'es' });
      const res = await shop.redeem(`${t.config.publicUrl}/g/${order.qrCode}`);
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

    it('tells a guest giver (no account) at their purchase page, in their language (ADR 075)', async () => {
      const shop = await counter(t);
      const { order } = await shop.order();
      const guestEmail = `guest-${crypto.randomUUID().slice(0, 6)}@example.test`;
      await t.database.db.update(orders).set({ buyerId: null }).where(eq(orders.id, order.id));
      await t.database.db.update(checkouts).set({ buyerId: null, guestName: 'Pau Guest', guestEmail, guestLocale: 'en' }).where(eq(checkouts.id, order.checkoutId!));
      const [checkout] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, order.checkoutId!));
      expect((await shop.redeem(order.qrCode)).statusCode).toBe(200);
      const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, guestEmail));
      expect(mail).toMatchObject({ template: 'gift-enjoyed', locale: 'en' });
      expect(mail!.text).toContain('Hi Pau,');
      expect(mail!.text).toContain(`${t.config.publicUrl}/purchase/${createPurchaseToken(t.config.authSecret, checkout!.id, checkout!.createdAt)}?lang=en`);
    });

    it('redeems with the typed code (recorded as manual entry), writing the giver’s email in English when that is their language', async () => {
      const shop = await counter(t);
      const { order, buyer } = await shop.order({ buyerLocale: 'en' });
      expect((await shop.redeem(formatTypedCode(order.typedCode!).toLowerCase())).statusCode).toBe(200);
      const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
      expect(mail).toMatchObject({ locale: 'en', subject: 'Marta has enjoyed your gift' });
      expect((await redemptionState(t, order.id)).records[0]).toMatchObject({ method: 'manual' });
    });

    it('redeems nothing without the recipient’s code: an order id, its last 8 characters or anything else is refused (ADR 055)', async () => {
      const shop = await counter(t);
      const { order } = await shop.order();
      const before = await redemptionState(t, order.id);
      const post = (payload: object) =>
        t.app.inject({ method: 'POST', url: '/api/business/redemptions', headers: { cookie: shop.cookie, origin: t.config.publicUrl }, payload });
      // What the dashboard knows of an order: its id (in every list) and, before, the last 8.
      const attempts = [
        [{ orderId: order.id, method: 'manual' }, 400, 'validation_failed'],
        [{ code: order.id }, 404, 'order_not_found'],
        [{ code: order.qrCode.slice(-8) }, null, null],
        [{ code: order.id, orderId: order.id, method: 'scan' }, 404, 'order_not_found'],
      ] as const;
      for (const [payload, status, code] of attempts) {
        const res = await post(payload);
        if (status !== null) {
          expect(res.statusCode, JSON.stringify(payload)).toBe(status);
          expect(res.json()).toMatchObject({ code });
        } else {
          expect([400, 404], JSON.stringify(payload)).toContain(res.statusCode);
        }
      }
      expect(await redemptionState(t, order.id)).toEqual(before);
    });

    it('redeems an order whose giver deleted their account, without an email', async () => {
      const shop = await counter(t);
      const { order } = await shop.order({ buyerId: null });
      expect((await shop.redeem(order.qrCode)).statusCode).toBe(200);
      const state = await redemptionState(t, order.id);
      expect(state.records).toHaveLength(1);
      expect(state.enjoyedMails).toBe(0);
    });

    it('a second attempt, by either code, is refused as already redeemed, and nothing changes', async () => {
      const shop = await counter(t);
      const { order } = await shop.order();
      expect((await shop.redeem(order.typedCode!)).statusCode).toBe(200);
      const before = await redemptionState(t, order.id);
      for (const code of [order.qrCode, formatTypedCode(order.typedCode!)]) {
        const again = await shop.redeem(code);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ code: 'order_already_redeemed', status: 409 });
      }
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
      const res = await shop.redeem(order.qrCode);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code });
      if (order.typedCode) expect((await shop.redeem(order.typedCode)).json()).toMatchObject({ code });
      expect(await redemptionState(t, order.id)).toEqual(before);
    });

    it('redeems on the last day of validity, up to its final moment', async () => {
      const shop = await counter(t);
      const { order } = await shop.order({ expiresAt: new Date(Date.now() + DAY) });
      expect((await shop.redeem(order.qrCode)).statusCode).toBe(200);
    });

    it('refuses another business’s order (whole code: named; typed code: unknown here) and an unknown code, and nothing changes', async () => {
      const mine = await counter(t);
      const theirs = await counter(t);
      const { order } = await theirs.order();
      const before = await redemptionState(t, order.id);
      const res = await mine.redeem(order.qrCode);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'order_other_business' });
      const typed = await mine.redeem(order.typedCode!);
      expect(typed.statusCode).toBe(404);
      expect(typed.json()).toMatchObject({ code: 'order_not_found' });
      expect(await redemptionState(t, order.id)).toEqual(before);

      const unknown = await mine.redeem(codeEndingIn('zzzzzzzz'));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'order_not_found' });
    });

    it('refuses a malformed request with 400 and changes nothing', async () => {
      const shop = await counter(t);
      const { order } = await shop.order();
      const before = await redemptionState(t, order.id);
      for (const payload of [{ code: 5 }, { code: 'telepathy' }, { code: 'a'.repeat(513) }, {}]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/business/redemptions',
          headers: { cookie: shop.cookie, origin: 'http://localhost:3000' },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(['validation_failed', 'redemption_code_invalid']).toContain(res.json().code);
      }
      expect(await redemptionState(t, order.id)).toEqual(before);
    });
  });
});

describe('typed codes at a busy counter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
  });
  afterAll(() => t.close());

  it('never refuses a typed code that finds a gift, however many and however fast', async () => {
    const shop = await counter(t);
    const gifts = await Promise.all(Array.from({ length: 40 }, () => shop.order()));
    // Far past the old 60 per 10 minutes: every one of them looked up, then redeemed, at once.
    const lookups = await Promise.all(gifts.flatMap(({ order }) => [shop.lookup(formatTypedCode(order.typedCode!)), shop.lookup(order.typedCode!)]));
    expect(lookups.map((res) => res.statusCode)).toEqual(Array(80).fill(200));
    const redeemed = await Promise.all(gifts.map(({ order }) => shop.redeem(order.typedCode!)));
    expect(redeemed.map((res) => res.statusCode)).toEqual(Array(40).fill(200));
    // An already redeemed gift found by its typed code is a right code, not a guess.
    const again = await Promise.all(gifts.map(({ order }) => shop.redeem(order.typedCode!)));
    expect(new Set(again.map((res) => res.statusCode))).toEqual(new Set([409]));
    expect((await shop.lookup(formatTypedCode(gifts[0]!.order.typedCode!))).statusCode).toBe(200);
  });

  it('locks out the device that types wrong codes, right codes included, and not the business’s other devices', async () => {
    const shop = await counter(t);
    const other = await counter(t);
    // The same owner signed in on a second device: its own session.
    const { cookie: secondDevice } = await signIn(t, { email: shop.user.email, password: shop.user.password });
    const tablet = as(t, secondDevice);
    const { order } = await shop.order();
    const { order: toRedeem } = await shop.order();
    const typed = formatTypedCode(order.typedCode!);
    const wrong = (i: number) => `ZZZZ-ZZ${'23456789'[i % 8]}${'ABCDEFGH'[Math.floor(i / 8) % 8]}`;

    for (let i = 0; i < WRONG_TYPED_CODES_PER_SESSION.limit; i++) {
      const res = await (i % 2 ? shop.lookup(wrong(i)) : shop.redeem(wrong(i)));
      expect(res.statusCode).toBe(404);
    }
    // This device is locked out: a right code as well, looking up or redeeming.
    for (const locked of [await shop.lookup(typed), await shop.redeem(typed), await shop.lookup(wrong(99))]) {
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await redemptionState(t, order.id)).order).toMatchObject({ status: 'paid' });
    // A scan (the whole code) still works on it.
    expect((await shop.lookup(order.qrCode)).statusCode).toBe(200);
    // The business's other device types on, right codes and wrong ones.
    const lookUp = (code: string) => tablet({ method: 'POST', url: '/api/business/redemptions/lookup', payload: { code } });
    expect((await lookUp(typed)).statusCode).toBe(200);
    expect((await lookUp(wrong(98))).statusCode).toBe(404);
    expect((await tablet({ method: 'POST', url: '/api/business/redemptions', payload: { code: toRedeem.typedCode! } })).statusCode).toBe(200);
    // And the shop next door is not affected.
    expect((await other.lookup('ABCD-EFGH')).statusCode).toBe(404);
  });

  it('locks the business’s typed codes once its devices together pass the daily ceiling of wrong ones; scans go on', async () => {
    const shop = await counter(t);
    const { order } = await shop.order();
    // Sessions made the way sign-in makes them, without the sign-in route's own limits.
    const device = async () => {
      const res = await t.app.ctx.auth.api.signInEmail({ body: { email: shop.user.email, password: shop.user.password }, asResponse: true });
      const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
      return (code: string) => as(t, cookie)({ method: 'POST', url: '/api/business/redemptions/lookup', payload: { code } });
    };
    const perDevice = WRONG_TYPED_CODES_PER_SESSION.limit;
    let wrongCodes = 0;
    while (wrongCodes < WRONG_TYPED_CODES_PER_BUSINESS.limit) {
      const lookUp = await device();
      for (let i = 0; i < perDevice && wrongCodes < WRONG_TYPED_CODES_PER_BUSINESS.limit; i++, wrongCodes++) {
        expect((await lookUp(`YYYY-${String(wrongCodes).padStart(4, '2').replace(/[01]/g, '3')}`)).statusCode).toBe(404);
      }
    }
    const fresh = await device();
    const locked = await fresh(formatTypedCode(order.typedCode!));
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await fresh(order.qrCode)).statusCode).toBe(200);
  }, 120_000);
});
