import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutLineInput } from '@shared/contracts/checkout';
import type { GuestBuyer } from '@shared/contracts/guest-checkout';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { users } from '../../db/schema/auth';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { checkouts, orders } from '../../db/schema/orders';
import { deliverOrder } from '../../domain/orders/deliver-order';
import { createPurchaseToken, PURCHASE_LINK_LIFETIME_MS } from '../../domain/orders/purchase-link';
import { createWithdrawalToken } from '../../domain/orders/withdrawal-link';
import { createMailService } from '../../platform/mail/mail-worker';
import { authedInject, cookieFrom, signIn, signUp, verifyEmailFromOutbox } from '../../testing/auth-helpers';
import { as, line, newKey, paymentState, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';
import { createContact, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { GUEST_REPEAT_WINDOW_MS } from './create-checkout';
import { CHECKOUT_LIMITS } from './routes';
import { PURCHASE_COOKIE } from './purchase-cookie';

/*
 * Buying without an account (ADR 075), through the real server: the guest
 * checkout and its cookie, paying with it, the receipt's purchase link and what it allows,
 * and "Add to my account": only the link's holder, signed in with its confirmed address,
 * moves a purchase into an account (never a sign-up, a confirmation or a sign-in).
 */

const START = new Date('2026-11-23T10:00:00.000Z'); // 11:00 in Madrid
const tomorrow = { kind: 'scheduled' as const, date: '2026-11-24', time: '09:30' };

const guestBuyer = (overrides: Partial<GuestBuyer> = {}): GuestBuyer => ({
  name: 'Ana María Invitada',
  email: `guest-${randomUUID().slice(0, 8)}@example.test`,
  locale: 'es',
  ...overrides,
});

function guestPayload(lines: CheckoutLineInput[], buyer: GuestBuyer, idempotencyKey = newKey()) {
  return { idempotencyKey, acceptedTermsVersion: TERMS_VERSION, lines, buyer };
}

/** The purchase cookie's whole Set-Cookie line, or undefined. */
function purchaseSetCookie(res: LightMyRequestResponse): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list.find((c) => c.startsWith(`${PURCHASE_COOKIE}=`));
}

/** The token the purchase page's path carries (`/purchase/<token>`). */
const tokenOf = (purchasePath: string) => purchasePath.replace(/^\/purchase\//, '');

describe('buying without an account', () => {
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
  /** The mail worker's pass, on the real clock: the outbox stamps rows with the database's. */
  const sendMail = () => createMailService({ config: t.config, db: db(), now: () => new Date() }).flush();

  const postGuest = (payload: unknown, cookie: string | null = null) =>
    authedInject(t, cookie, { method: 'POST', url: '/api/guest-checkouts', payload: payload as Record<string, unknown> });

  /**
   * A guest's checkout made through the API as the web app does (and paid, unless `pay` is
   * false, with the test provider's button in the same browser). The cookie is the browser's.
   */
  async function guestPurchase(lines: CheckoutLineInput[], buyer = guestBuyer(), pay = true) {
    const created = await postGuest(guestPayload(lines, buyer));
    expect(created.statusCode, created.body).toBe(201);
    const cookie = cookieFrom(created);
    const checkout = created.json();
    if (pay) {
      const paid = await authedInject(t, cookie, { method: 'POST', url: `/api/payments/test/${checkout.id}/succeed` });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const token = tokenOf(checkout.purchasePath);
    return { buyer, cookie, checkout, token };
  }
  const getPurchase = (token: string, cookie: string | null = null) => authedInject(t, cookie, { method: 'GET', url: `/api/purchases/${token}` });
  const resendVia = (token: string, orderId: string) => authedInject(t, null, { method: 'POST', url: `/api/purchases/${token}/orders/${orderId}/resend` });
  const changeDeliveryVia = (token: string, orderId: string, payload: Record<string, unknown>) =>
    authedInject(t, null, { method: 'PATCH', url: `/api/purchases/${token}/orders/${orderId}/delivery`, payload });
  const ordersOf = (checkoutId: string) => db().select().from(orders).where(eq(orders.checkoutId, checkoutId));
  const checkoutRow = async (id: string) => (await db().select().from(checkouts).where(eq(checkouts.id, id)))[0]!;

  describe('the guest checkout', () => {
    it('creates the checkout with no buyer, the guest’s name, email and language, and sets the purchase cookie', async () => {
      const { tea, dinner } = await shop(t);
      const buyer = guestBuyer();
      const res = await postGuest(guestPayload([line(tea.id, { recipientName: 'Lucía' }), line(dinner.id, { recipientName: 'Joan', delivery: tomorrow })], buyer));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      // HttpOnly and only sent to the API; not Secure here because the test server's URL is http.
      const setCookie = purchaseSetCookie(res);
      expect(setCookie).toMatch(new RegExp(`^${PURCHASE_COOKIE}=[^;]+; Path=/api; Max-Age=86400; HttpOnly; SameSite=Lax$`));
      const body = res.json();
      expect(body).toMatchObject({ status: 'pending', provider: 'test', totalAmount: 2500 + 4000, paymentUrl: `http://localhost:3000/checkout/${body.id}/pay` });
      expect(body.purchasePath).toMatch(/^\/purchase\/[0-9a-f-]{36}~\d+~[A-Za-z0-9_-]{43}$/);
      // The cookie holds the very token of the purchase link.
      expect(setCookie!.split(';')[0]).toBe(`${PURCHASE_COOKIE}=${tokenOf(body.purchasePath)}`);

      expect(await checkoutRow(body.id)).toMatchObject({
        buyerId: null,
        guestName: buyer.name,
        guestEmail: buyer.email,
        guestLocale: 'es',
        claimedAt: null,
        termsVersion: TERMS_VERSION,
      });
      const rows = await ordersOf(body.id);
      expect(rows).toHaveLength(2);
      // Signed with the guest's first name, as a signed-in giver's gifts are with theirs.
      for (const row of rows) expect(row).toMatchObject({ buyerId: null, status: 'unpaid', senderName: 'Ana' });
    });

    it('answers the same checkout (200) for the same key and email, and refuses the key under another email (409)', async () => {
      const { tea } = await shop(t);
      const buyer = guestBuyer();
      const key = newKey();
      const first = await postGuest(guestPayload([line(tea.id)], buyer, key));
      expect(first.statusCode).toBe(201);
      // A retry (double click, flaky network); the address's case is not part of who it is.
      const again = await postGuest(guestPayload([line(tea.id), line(tea.id)], { ...buyer, email: buyer.email.toUpperCase() }, key));
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().id).toBe(first.json().id);
      // The retry's browser can follow the checkout too.
      expect(purchaseSetCookie(again)).toBeDefined();
      expect(await ordersOf(first.json().id)).toHaveLength(1);

      const before = await paymentState(t);
      const stranger = await postGuest(guestPayload([line(tea.id)], guestBuyer(), key));
      expect(stranger.statusCode).toBe(409);
      expect(stranger.json()).toMatchObject({ code: 'idempotency_key_reused' });
      expect(purchaseSetCookie(stranger)).toBeUndefined();
      expect(await paymentState(t)).toEqual(before);
    });

    it('answers a repeat with its checkout only while it is unpaid and at most an hour old; a paid or older one is refused (409) without a cookie', async () => {
      const { tea } = await shop(t);
      const buyer = guestBuyer();
      const fresh = guestPayload([line(tea.id)], buyer);
      const old = guestPayload([line(tea.id)], buyer);
      const paid = guestPayload([line(tea.id)], buyer);
      const created = await postGuest(fresh);
      expect((await postGuest(old)).statusCode).toBe(201);
      const paidCheckout = await postGuest(paid);
      expect(paidCheckout.statusCode).toBe(201);
      expect((await authedInject(t, cookieFrom(paidCheckout), { method: 'POST', url: `/api/payments/test/${paidCheckout.json().id}/succeed` })).statusCode).toBe(200);

      // Paid: the key and the email no longer open it (the purchase link does).
      clock = new Date(START.getTime() + 60_000);
      const before = await paymentState(t);
      const paidAgain = await postGuest(paid);
      expect(paidAgain.statusCode).toBe(409);
      expect(paidAgain.json()).toMatchObject({ code: 'checkout_key_closed' });
      expect(paidAgain.body).not.toContain('/purchase/');
      expect(purchaseSetCookie(paidAgain)).toBeUndefined();

      // Its last moment, an hour after it was made: a retry still gets it.
      clock = new Date(START.getTime() + GUEST_REPEAT_WINDOW_MS);
      const retried = await postGuest(fresh);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json().id).toBe(created.json().id);
      expect(purchaseSetCookie(retried)).toBeDefined();

      // Unpaid, but older than an hour.
      clock = new Date(START.getTime() + GUEST_REPEAT_WINDOW_MS + 1);
      const late = await postGuest(old);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'checkout_key_closed' });
      expect(purchaseSetCookie(late)).toBeUndefined();
      expect(await paymentState(t)).toEqual(before);
    });

    it('validates the guest and the lines, refuses contacts and unaccepted terms, and creates nothing', async () => {
      const { tea } = await shop(t);
      // A real contact, of a real account: a guest has none, so even an existing one is refused.
      const someone = await createUser(db());
      const contact = await createContact(db(), { userId: someone.id });
      const before = await paymentState(t);

      const badBuyer = await postGuest(guestPayload([line(tea.id)], guestBuyer({ name: '   ', email: 'not-an-email' })));
      expect(badBuyer.statusCode).toBe(400);
      expect(badBuyer.json()).toMatchObject({ code: 'validation_failed', fields: { 'buyer.name': 'required', 'buyer.email': 'invalid_email' } });

      const noBuyer = await postGuest({ idempotencyKey: newKey(), acceptedTermsVersion: TERMS_VERSION, lines: [line(tea.id)] });
      expect(noBuyer.statusCode).toBe(400);
      expect(noBuyer.json().code).toBe('validation_failed');

      const withContact = await postGuest(guestPayload([line(tea.id), line(tea.id, { contactId: contact.id })], guestBuyer()));
      expect(withContact.statusCode).toBe(400);
      expect(withContact.json().fields).toEqual({ 'lines.1.contactId': 'invalid' });

      const noTerms = await postGuest({ ...guestPayload([line(tea.id)], guestBuyer()), acceptedTermsVersion: '2020-01-01' });
      expect(noTerms.statusCode).toBe(409);
      expect(noTerms.json().code).toBe('terms_not_accepted');

      for (const refused of [badBuyer, noBuyer, withContact, noTerms]) expect(purchaseSetCookie(refused)).toBeUndefined();
      expect(await paymentState(t)).toEqual(before);
    });
  });

  describe('following and paying the checkout with the purchase cookie', () => {
    it('reads and pays its own checkout with the cookie; without it 401', async () => {
      const { tea } = await shop(t);
      const { checkout, cookie } = await guestPurchase([line(tea.id)], guestBuyer(), false);

      const anonymous = await authedInject(t, null, { method: 'GET', url: `/api/checkouts/${checkout.id}` });
      expect(anonymous.statusCode).toBe(401);
      const before = await paymentState(t);
      expect((await authedInject(t, null, { method: 'POST', url: `/api/payments/test/${checkout.id}/succeed` })).statusCode).toBe(401);
      // An altered cookie is no cookie at all.
      const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      expect((await authedInject(t, forged, { method: 'POST', url: `/api/payments/test/${checkout.id}/succeed` })).statusCode).toBe(401);
      expect(await paymentState(t)).toEqual(before);

      const read = await authedInject(t, cookie, { method: 'GET', url: `/api/checkouts/${checkout.id}` });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.headers['cache-control']).toBe('no-store');
      expect(read.json()).toMatchObject({ id: checkout.id, status: 'pending', purchasePath: checkout.purchasePath });

      const paid = await authedInject(t, cookie, { method: 'POST', url: `/api/payments/test/${checkout.id}/succeed` });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ status: 'succeeded', purchasePath: checkout.purchasePath, lines: [{ status: 'paid' }] });
      const [order] = await ordersOf(checkout.id);
      expect(order).toMatchObject({ status: 'paid', paidAt: START, buyerId: null });
      expect(await checkoutRow(checkout.id)).toMatchObject({ status: 'succeeded', completedAt: START });
    });

    it('opens no other checkout: 401 without a session, 404 for a signed-in giver who is not its buyer', async () => {
      const { tea } = await shop(t);
      const mine = await guestPurchase([line(tea.id)], guestBuyer(), false);
      const theirs = await guestPurchase([line(tea.id)], guestBuyer(), false);
      const member = await signedIn(t);
      const signedInCheckout = (await postCheckout(t, member.cookie, [line(tea.id)])).json();
      const before = await paymentState(t);

      for (const other of [theirs.checkout.id, signedInCheckout.id]) {
        // My cookie does not name it, so it is the session's business: there is none.
        expect((await authedInject(t, mine.cookie, { method: 'GET', url: `/api/checkouts/${other}` })).statusCode).toBe(401);
        expect((await authedInject(t, mine.cookie, { method: 'POST', url: `/api/payments/test/${other}/succeed` })).statusCode).toBe(401);
      }
      // Signed in (as someone else) with the cookie of another purchase: not theirs, "not found".
      const stranger = await signedIn(t);
      const both = `${stranger.cookie}; ${mine.cookie}`;
      for (const other of [theirs.checkout.id, signedInCheckout.id]) {
        const seen = await authedInject(t, both, { method: 'GET', url: `/api/checkouts/${other}` });
        expect(seen.statusCode).toBe(404);
        expect(seen.json().code).toBe('checkout_not_found');
        expect((await authedInject(t, both, { method: 'POST', url: `/api/payments/test/${other}/succeed` })).statusCode).toBe(404);
      }
      // A guest's checkout is nobody's in "My checkouts" either: its id alone opens nothing.
      expect((await authedInject(t, member.cookie, { method: 'GET', url: `/api/checkouts/${theirs.checkout.id}` })).statusCode).toBe(404);
      expect(await paymentState(t)).toEqual(before);
      // The cookie still opens its own, also next to a session.
      expect((await authedInject(t, both, { method: 'GET', url: `/api/checkouts/${mine.checkout.id}` })).statusCode).toBe(200);
    });
  });

  describe('the mails of a guest’s purchase', () => {
    it.each([
      ['es', 'Ver esta compra'],
      ['en', 'See this purchase'],
    ] as const)('mails the receipt to the guest in their language (%s) with the purchase link, and the gift to the recipient', async (locale, button) => {
      const { tea } = await shop(t);
      const recipientEmail = `lucia-${randomUUID().slice(0, 6)}@example.test`;
      const { buyer, checkout } = await guestPurchase([line(tea.id, { recipientEmail, recipientLocale: 'en' })], guestBuyer({ locale }));

      const mails = await db().select().from(mailOutbox);
      const receipts = mails.filter((m) => m.template === 'order-receipt');
      expect(receipts.map((m) => [m.to, m.locale])).toEqual([[buyer.email, locale]]);
      const receipt = receipts[0]!;
      // The button opens the purchase page (a guest has no "My orders"), in the guest's language.
      const purchaseUrl = `${t.config.publicUrl}${checkout.purchasePath}?lang=${locale}`;
      expect(receipt.html).toContain(`href="${purchaseUrl}"`);
      expect(receipt.html).toContain(button);
      expect(receipt.text).toContain(purchaseUrl);
      expect(receipt.text).not.toContain('/app?tab=orders');
      expect(receipt.text).toContain(buyer.name.split(' ')[0]);
      // The gift, signed with the guest's first name, in the recipient's language.
      const gifts = mails.filter((m) => m.template === 'gift-received');
      expect(gifts.map((m) => [m.to, m.locale])).toEqual([[recipientEmail, 'en']]);
      expect(gifts[0]!.subject).toContain('Ana');
    });

    it('tells the guest, at their purchase link, when a scheduled gift goes out', async () => {
      const { tea } = await shop(t);
      const { buyer, checkout } = await guestPurchase([line(tea.id, { recipientName: 'Joan', delivery: tomorrow })], guestBuyer({ locale: 'en' }));
      const delivered = () => db().select().from(mailOutbox).where(eq(mailOutbox.template, 'gift-delivered'));
      expect(await delivered()).toEqual([]);
      // What the delivery job (gift-delivery/deliver-due-gifts.ts) does for it at its moment.
      const [order] = await ordersOf(checkout.id);
      const at = new Date('2026-11-24T08:30:00.000Z');
      expect(await deliverOrder(db(), { orderId: order!.id, now: at, publicUrl: t.config.publicUrl, authSecret: t.config.authSecret, notifyGiver: true })).toBe(true);
      const mails = await delivered();
      expect(mails.map((m) => [m.to, m.locale])).toEqual([[buyer.email, 'en']]);
      expect(mails[0]!.text).toContain(`${t.config.publicUrl}${checkout.purchasePath}?lang=en`);
    });
  });

  describe('the purchase link', () => {
    it('shows the paid purchase: its gifts as "My orders" shows them, the guest, and the withdrawal link', async () => {
      const { tea, dinner } = await shop(t);
      const { buyer, checkout, token } = await guestPurchase([
        line(tea.id, { recipientName: 'Lucía' }),
        line(dinner.id, { recipientName: 'Joan', delivery: tomorrow }),
      ]);
      // Anyone holding the link, signed in or not (the link is the proof).
      const someone = await signedIn(t);
      for (const cookie of [null, someone.cookie]) {
        const res = await getPurchase(token, cookie);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
      }
      const view = (await getPurchase(token)).json();
      const rows = await ordersOf(checkout.id);
      const lucia = rows.find((r) => r.recipientName === 'Lucía')!;
      expect(view).toMatchObject({
        checkoutId: checkout.id,
        status: 'succeeded',
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        paidAt: START.toISOString(),
        totalAmount: 6500,
        paymentUrl: null,
        orders: [
          { id: lucia.id, recipientName: 'Lucía', status: 'paid', giftUrl: `http://localhost:3000/g/${lucia.qrCode}`, senderName: 'Ana', checkoutId: checkout.id },
          { recipientName: 'Joan', status: 'paid', deliveryState: 'scheduled', canChangeDelivery: true },
        ],
      });
      expect(view.withdrawPath).toMatch(/^\/withdraw\/link\//);
      // It is the receipt's withdrawal link: it opens this purchase's withdrawal form.
      const form = await t.app.inject({ method: 'GET', url: `/api/withdrawal-links/${view.withdrawPath.replace('/withdraw/link/', '')}` });
      expect(form.statusCode, form.body).toBe(200);
      expect(form.json().checkoutId).toBe(checkout.id);
    });

    it('shows a purchase not paid yet with its payment page and no gifts', async () => {
      const { tea } = await shop(t);
      const { checkout, token } = await guestPurchase([line(tea.id)], guestBuyer(), false);
      const res = await getPurchase(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'pending', paidAt: null, orders: [], withdrawPath: null, withdrawUntil: null, paymentUrl: checkout.paymentUrl });
    });

    it('expires after its lifetime: 410 purchase_link_expired, for the page and its actions', async () => {
      const { tea } = await shop(t);
      const { checkout, token } = await guestPurchase([line(tea.id)]);
      const [order] = await ordersOf(checkout.id);
      // Its last moment still works.
      clock = new Date(START.getTime() + PURCHASE_LINK_LIFETIME_MS);
      expect((await getPurchase(token)).statusCode).toBe(200);
      clock = new Date(START.getTime() + PURCHASE_LINK_LIFETIME_MS + 1);
      const before = await paymentState(t);
      const expired = await getPurchase(token);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().code).toBe('purchase_link_expired');
      expect((await resendVia(token, order!.id)).statusCode).toBe(410);
      expect((await changeDeliveryVia(token, order!.id, { recipientEmail: 'x@example.test', recipientPhone: null, delivery: { kind: 'now' } })).statusCode).toBe(410);
      expect(await paymentState(t)).toEqual(before);

      // A link made four years ago, read today.
      clock = START;
      const old = createPurchaseToken(t.config.authSecret, checkout.id, new Date(START.getTime() - 4 * 365 * 24 * 60 * 60 * 1000));
      expect((await getPurchase(old)).json().code).toBe('purchase_link_expired');
    });

    it('opens nothing with an altered link, another kind of link, or the link of a purchase made signed in: 404', async () => {
      const { tea } = await shop(t);
      const mine = await guestPurchase([line(tea.id)]);
      const theirs = await guestPurchase([line(tea.id)]);
      const member = await signedIn(t);
      const signedInCheckout = (await postCheckout(t, member.cookie, [line(tea.id)])).json();
      await as(t, member.cookie)({ method: 'POST', url: `/api/payments/test/${signedInCheckout.id}/succeed` });
      const [myOrder] = await ordersOf(mine.checkout.id);
      const [, ms, signature] = mine.token.split('~');
      const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
      const bad = [
        `${mine.checkout.id}~${ms}~${flipped}`,
        // Another purchase, or a later end, under my signature.
        `${theirs.checkout.id}~${ms}~${signature}`,
        `${mine.checkout.id}~${Number(ms) + 24 * 60 * 60 * 1000}~${signature}`,
        // Another secret.
        createPurchaseToken('another-secret-another-secret-another-01', mine.checkout.id, START),
        // The receipt's withdrawal link for the same purchase: signed for another purpose.
        createWithdrawalToken(t.config.authSecret, mine.checkout.id, new Date(START.getTime() + 14 * 24 * 60 * 60 * 1000)),
        // Correctly signed, but for a purchase made signed in (no purchase page) or none at all.
        createPurchaseToken(t.config.authSecret, signedInCheckout.id, START),
        createPurchaseToken(t.config.authSecret, randomUUID(), START),
        'nonsense',
      ];
      // Sent mail first, so a resend that wrongly went through would be visible (not "still sending").
      await sendMail();
      const before = await paymentState(t);
      for (const token of bad) {
        const res = await getPurchase(token);
        expect(res.statusCode, token).toBe(404);
        expect(res.json().code).toBe('purchase_link_invalid');
        expect((await resendVia(token, myOrder!.id)).statusCode, token).toBe(404);
        const changed = await changeDeliveryVia(token, myOrder!.id, { recipientEmail: 'x@example.test', recipientPhone: null, delivery: { kind: 'now' } });
        expect(changed.statusCode, token).toBe(404);
      }
      expect(await paymentState(t)).toEqual(before);
      // And the real one does work (so the 404s above are about the tokens).
      expect((await getPurchase(mine.token)).statusCode).toBe(200);
    });

    it('resends the gift email of its own order (204), and answers 404 for any other purchase’s order', async () => {
      const { tea } = await shop(t);
      const recipientEmail = `lucia-${randomUUID().slice(0, 6)}@example.test`;
      const mine = await guestPurchase([line(tea.id, { recipientEmail })]);
      const theirs = await guestPurchase([line(tea.id)]);
      const member = await signedIn(t);
      const signedInCheckout = (await postCheckout(t, member.cookie, [line(tea.id)])).json();
      await as(t, member.cookie)({ method: 'POST', url: `/api/payments/test/${signedInCheckout.id}/succeed` });
      const [myOrder] = await ordersOf(mine.checkout.id);
      const [theirOrder] = await ordersOf(theirs.checkout.id);
      const [memberOrder] = await ordersOf(signedInCheckout.id);
      const giftMails = async (to: string) => (await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, 'gift-received')))).length;
      // The first gift email has left: a resend is allowed only then.
      await sendMail();

      const before = await paymentState(t);
      for (const other of [theirOrder!, memberOrder!]) {
        const res = await resendVia(mine.token, other.id);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('order_not_found');
      }
      expect(await paymentState(t)).toEqual(before);

      expect(await giftMails(recipientEmail)).toBe(1);
      const res = await resendVia(mine.token, myOrder!.id);
      expect(res.statusCode, res.body).toBe(204);
      expect(await giftMails(recipientEmail)).toBe(2);
    });

    it('changes a scheduled delivery of its own order, and answers 404 for another purchase’s', async () => {
      const { tea } = await shop(t);
      const mine = await guestPurchase([line(tea.id, { delivery: tomorrow })]);
      const theirs = await guestPurchase([line(tea.id, { delivery: tomorrow })]);
      const [myOrder] = await ordersOf(mine.checkout.id);
      const [theirOrder] = await ordersOf(theirs.checkout.id);
      const change = { recipientEmail: 'new-address@example.test', recipientPhone: null, delivery: { kind: 'scheduled', date: '2026-11-25', time: '10:00' } };

      const before = await paymentState(t);
      const refused = await changeDeliveryVia(mine.token, theirOrder!.id, change);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('order_not_found');
      expect(await paymentState(t)).toEqual(before);

      const res = await changeDeliveryVia(mine.token, myOrder!.id, change);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: myOrder!.id, recipientEmail: 'new-address@example.test', deliverAt: '2026-11-25T09:00:00.000Z', deliveryState: 'scheduled' });
      const [row] = await db().select().from(orders).where(eq(orders.id, myOrder!.id));
      expect(row).toMatchObject({ recipientEmail: 'new-address@example.test', deliverAt: new Date('2026-11-25T09:00:00.000Z') });
      const [untouched] = await db().select().from(orders).where(eq(orders.id, theirOrder!.id));
      expect(untouched!.deliverAt).toEqual(theirOrder!.deliverAt);
    });
  });

  describe('finding my purchases (a lost receipt)', () => {
    const ask = (email: string, locale = 'es') => authedInject(t, null, { method: 'POST', url: '/api/purchase-links', payload: { email, locale } });
    const linksMailTo = (email: string) =>
      db().select().from(mailOutbox).where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'purchase-links')));

    it('mails the address the links of its paid guest purchases, newest first, and nothing else', async () => {
      const { tea, dinner } = await shop(t);
      const buyer = guestBuyer({ locale: 'en' });
      const first = await guestPurchase([line(tea.id)], buyer);
      clock = new Date(START.getTime() + 60_000);
      const second = await guestPurchase([line(dinner.id), line(tea.id)], buyer);
      // Not paid: no link to send. Someone else's: never in this mail.
      await guestPurchase([line(tea.id)], buyer, false);
      const other = await guestPurchase([line(tea.id)]);

      const res = await ask(buyer.email.toUpperCase(), 'en');
      expect(res.statusCode, res.body).toBe(204);
      const [mail, ...more] = await linksMailTo(buyer.email.toUpperCase());
      expect(more).toEqual([]);
      expect(mail).toMatchObject({ locale: 'en', subject: 'Your Regalo purchases' });
      const links = [...mail!.text.matchAll(/https?:\/\/\S+\/purchase\/(\S+)\?lang=en/g)].map((m) => m[1]);
      expect(links).toEqual([second.token, first.token]);
      expect(mail!.text).toContain('Cena para dos, Cata de tés');
      expect(mail!.text).not.toContain(other.token);
      // Each link opens its purchase.
      expect((await getPurchase(links[0]!)).statusCode).toBe(200);
    });

    it('answers the same for an address that bought nothing, and sends nothing', async () => {
      const email = `nobody-${randomUUID().slice(0, 8)}@example.test`;
      const res = await ask(email);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await linksMailTo(email)).toEqual([]);
      const bad = await ask('not-an-address');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({ email: 'invalid_email' });
    });
  });

  describe('an account with the guest’s email', () => {
    const myOrders = async (cookie: string) => {
      const res = await authedInject(t, cookie, { method: 'GET', url: '/api/my/orders' });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { id: string }[]).map((o) => o.id).sort();
    };
    const pendingPurchases = async (cookie: string) => {
      const res = await authedInject(t, cookie, { method: 'GET', url: '/api/my/pending-purchases' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as unknown[];
    };
    const claim = (token: string, cookie: string | null) => authedInject(t, cookie, { method: 'POST', url: `/api/purchases/${token}/claim` });
    const accountOffer = async (token: string, cookie: string | null) => {
      const res = await getPurchase(token, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().account as string;
    };
    /** Nothing of the purchase is in any account. */
    const expectUnclaimed = async (checkoutId: string) => {
      expect(await checkoutRow(checkoutId)).toMatchObject({ buyerId: null, claimedAt: null });
      expect((await ordersOf(checkoutId)).every((o) => o.buyerId === null)).toBe(true);
    };

    it('an account pre-registered with the victim’s address and confirmed by the victim gets none of their guest purchases, now or later', async () => {
      const { tea, dinner } = await shop(t);
      const victim = `victim-${randomUUID().slice(0, 8)}@example.test`;
      const bought = await guestPurchase([line(tea.id, { recipientName: 'Lucía', personalMessage: 'Per a tu' })], guestBuyer({ email: victim }));

      // The attacker signs up first, with the victim's address in capitals and a password of their own.
      const attackerPassword = 'mallory-own-password-1';
      await signUp(t, { email: victim.toUpperCase(), password: attackerPassword, name: 'Mallory' });
      // The victim gets a genuine "Confirm your email address" mail and clicks it in their own
      // browser: the address is confirmed, and no session is made for anyone.
      const confirmed = await verifyEmailFromOutbox(t, victim);
      expect(confirmed.cookie).toBe('');

      // The attacker signs in with their password: the account holds nothing of the victim's.
      const attacker = await signIn(t, { email: victim.toUpperCase(), password: attackerPassword });
      expect(attacker.user.emailVerified).toBe(true);
      expect(await myOrders(attacker.cookie)).toEqual([]);
      expect(await pendingPurchases(attacker.cookie)).toEqual([]);
      await expectUnclaimed(bought.checkout.id);

      // The victim buys again as a guest later; the attacker signs in again: still nothing.
      clock = new Date(START.getTime() + 60 * 60_000);
      const later = await guestPurchase([line(dinner.id)], guestBuyer({ email: victim }));
      const again = await signIn(t, { email: victim, password: attackerPassword });
      expect(await myOrders(again.cookie)).toEqual([]);
      expect(await myOrders(attacker.cookie)).toEqual([]);
      await expectUnclaimed(bought.checkout.id);
      await expectUnclaimed(later.checkout.id);
      // The victim's links still open their purchases, in nobody's account.
      expect((await getPurchase(bought.token)).json()).toMatchObject({ checkoutId: bought.checkout.id, account: 'signed_out' });
    });

    it('the holder of the link, signed in with its confirmed address, adds the purchase in one click; then it is in My orders and the link still works', async () => {
      const { tea } = await shop(t);
      const email = `claim-${randomUUID().slice(0, 8)}@example.test`;
      // Typed by the guest in another case: still the same address.
      const bought = await guestPurchase([line(tea.id), line(tea.id)], guestBuyer({ email: email.toUpperCase() }));
      const boughtIds = (await ordersOf(bought.checkout.id)).map((o) => o.id).sort();
      const owner = await createUser(db(), { email, emailVerified: true });
      const { cookie } = await signIn(t, { email, password: owner.password });

      // Signing in moved nothing; the page offers the action to this account only.
      expect(await myOrders(cookie)).toEqual([]);
      await expectUnclaimed(bought.checkout.id);
      expect(await accountOffer(bought.token, null)).toBe('signed_out');
      expect(await accountOffer(bought.token, cookie)).toBe('can_add');

      const added = await claim(bought.token, cookie);
      expect(added.statusCode, added.body).toBe(200);
      expect(added.headers['cache-control']).toBe('no-store');
      expect(added.json()).toMatchObject({ checkoutId: bought.checkout.id, account: 'added', orders: [{ status: 'paid' }, { status: 'paid' }] });
      expect(await myOrders(cookie)).toEqual(boughtIds);
      const row = await checkoutRow(bought.checkout.id);
      expect(row).toMatchObject({ buyerId: owner.id, claimedAt: START });
      // The guest's details stay with the purchase (the receipt named them).
      expect(row.guestEmail).toBe(email.toUpperCase());
      expect((await ordersOf(bought.checkout.id)).every((o) => o.buyerId === owner.id)).toBe(true);

      // Again (a second click, another tab): the same answer, nothing changes.
      clock = new Date(START.getTime() + 60_000);
      const twice = await claim(bought.token, cookie);
      expect(twice.statusCode, twice.body).toBe(200);
      expect(twice.json().account).toBe('added');
      expect(await checkoutRow(bought.checkout.id)).toMatchObject({ buyerId: owner.id, claimedAt: START });

      // The receipt's link still opens it, and the browser's cookie still follows the checkout.
      expect(await accountOffer(bought.token, null)).toBe('none');
      expect(await accountOffer(bought.token, cookie)).toBe('added');
      expect((await authedInject(t, bought.cookie, { method: 'GET', url: `/api/checkouts/${bought.checkout.id}` })).statusCode).toBe(200);
    });

    it('two clicks at once both answer 200 and move the purchase once', async () => {
      const { tea } = await shop(t);
      const owner = await createUser(db(), { emailVerified: true });
      const bought = await guestPurchase([line(tea.id)], guestBuyer({ email: owner.email }));
      const { cookie } = await signIn(t, { email: owner.email, password: owner.password });
      const answers = await Promise.all([claim(bought.token, cookie), claim(bought.token, cookie)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(await checkoutRow(bought.checkout.id)).toMatchObject({ buyerId: owner.id, claimedAt: START });
      expect(await myOrders(cookie)).toHaveLength(1);
    });

    it('refuses anonymous callers, another account, an unconfirmed address, an unpaid purchase and an altered link; nothing changes', async () => {
      const { tea } = await shop(t);
      const owner = await createUser(db(), { emailVerified: true });
      const bought = await guestPurchase([line(tea.id)], guestBuyer({ email: owner.email }));
      const unpaid = await guestPurchase([line(tea.id)], guestBuyer({ email: owner.email }), false);
      const stranger = await signedIn(t);
      const me = await signIn(t, { email: owner.email, password: owner.password });
      const before = await paymentState(t);

      const anonymous = await claim(bought.token, null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('unauthenticated');

      // Another account holding the link: not its address.
      expect(await accountOffer(bought.token, stranger.cookie)).toBe('other_account');
      const other = await claim(bought.token, stranger.cookie);
      expect(other.statusCode).toBe(403);
      expect(other.json().code).toBe('purchase_other_account');

      // Not paid: nothing to add yet.
      expect(await accountOffer(unpaid.token, me.cookie)).toBe('none');
      const notPaid = await claim(unpaid.token, me.cookie);
      expect(notPaid.statusCode).toBe(409);
      expect(notPaid.json().code).toBe('purchase_not_paid');

      const altered = await claim(`${bought.token.slice(0, -1)}${bought.token.endsWith('A') ? 'B' : 'A'}`, me.cookie);
      expect(altered.statusCode).toBe(404);
      expect(altered.json().code).toBe('purchase_link_invalid');

      // An address no longer confirmed (the session was made while it was): refused.
      await db().update(users).set({ emailVerified: false }).where(eq(users.id, owner.id));
      const unconfirmed = await claim(bought.token, me.cookie);
      expect(unconfirmed.statusCode).toBe(403);
      expect(unconfirmed.json().code).toBe('email_not_verified');
      await db().update(users).set({ emailVerified: true }).where(eq(users.id, owner.id));

      expect(await paymentState(t)).toEqual(before);
      await expectUnclaimed(bought.checkout.id);
    });

    it('a purchase in one account is not added to another with the address later', async () => {
      const { tea } = await shop(t);
      const first = await createUser(db(), { emailVerified: true });
      const bought = await guestPurchase([line(tea.id)], guestBuyer({ email: first.email }));
      expect((await claim(bought.token, (await signIn(t, { email: first.email, password: first.password })).cookie)).statusCode).toBe(200);
      // The first account moves to another address; a new account confirms the old one.
      await db().update(users).set({ email: `moved-${randomUUID().slice(0, 8)}@example.test` }).where(eq(users.id, first.id));
      const second = await createUser(db(), { email: first.email, emailVerified: true });
      const { cookie } = await signIn(t, { email: second.email, password: second.password });
      expect(await accountOffer(bought.token, cookie)).toBe('none');
      const refused = await claim(bought.token, cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('purchase_in_other_account');
      expect(await checkoutRow(bought.checkout.id)).toMatchObject({ buyerId: first.id });
    });

    it('keeps a guest purchase that reused a key of the account’s own checkouts with its link; the others can be added', async () => {
      const { tea } = await shop(t);
      const account = await createUser(db(), { emailVerified: true });
      const key = newKey();
      const { cookie } = await signIn(t, { email: account.email, password: account.password });
      expect((await postCheckout(t, cookie, [line(tea.id)], key)).statusCode).toBe(201);
      // The same key as a guest with the account's address (an API client, a crafted request):
      // adding it would collide with the account's own (buyer, key).
      const clashing = await postGuest(guestPayload([line(tea.id)], guestBuyer({ email: account.email }), key));
      expect(clashing.statusCode, clashing.body).toBe(201);
      const clashingToken = tokenOf(clashing.json().purchasePath);
      await authedInject(t, cookieFrom(clashing), { method: 'POST', url: `/api/payments/test/${clashing.json().id}/succeed` });
      const other = await guestPurchase([line(tea.id)], guestBuyer({ email: account.email }));

      expect(await accountOffer(clashingToken, cookie)).toBe('none');
      const refused = await claim(clashingToken, cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('purchase_key_in_use');
      await expectUnclaimed(clashing.json().id);
      expect((await getPurchase(clashingToken)).statusCode).toBe(200);

      expect((await claim(other.token, cookie)).statusCode).toBe(200);
      expect(await checkoutRow(other.checkout.id)).toMatchObject({ buyerId: account.id });
    });
  });
});

describe('guest checkouts: rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => START, env: { RATE_LIMIT: 'on' } });
  });
  afterAll(() => t.close());

  it(`allows ${CHECKOUT_LIMITS.perAccount.limit} checkouts a minute per email, whatever its case or +tag, from any address`, async () => {
    const { tea } = await shop(t);
    const base = `limited-${randomUUID().slice(0, 8)}`;
    const spellings = (i: number) => [`${base}@example.test`, `${base}+${i}@example.test`, `${base.toUpperCase()}@EXAMPLE.test`][i % 3]!;
    let ip = 0;
    // A fresh IP for each, so the per-IP limit plays no part.
    const post = (email: string) =>
      authedInject(t, null, {
        method: 'POST',
        url: '/api/guest-checkouts',
        payload: { idempotencyKey: newKey(), acceptedTermsVersion: TERMS_VERSION, lines: [line(tea.id)], buyer: { name: 'Ana', email, locale: 'es' } },
        remoteAddress: `198.51.100.${++ip}`,
      });
    for (let i = 0; i < CHECKOUT_LIMITS.perAccount.limit; i++) {
      const res = await post(spellings(i));
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = await paymentState(t);
    const refused = await post(spellings(CHECKOUT_LIMITS.perAccount.limit));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await paymentState(t)).toEqual(before);
    // Another guest is not held up by it.
    expect((await post(`other-${base}@example.test`)).statusCode).toBe(201);
  });
});
