import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutLineInput } from '@shared/contracts/checkout';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import en from '@shared/locales/en/checkout.json';
import es from '@shared/locales/es/checkout.json';
import va from '@shared/locales/va/checkout.json';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { orders } from '../../db/schema/orders';
import { deliverOrder } from '../../domain/orders/deliver-order';
import { authedInject, cookieFrom } from '../../testing/auth-helpers';
import { as, line, newKey, paymentState, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';
import { createTestApp, type TestApp } from '../../testing/test-app';

/*
 * "I'll give it in person" (ADR 103), through the real server: a checkout line with no
 * recipient contact and an optional name, signed in and as a guest; no gift email to anybody;
 * the giver's page, cards and "Send it now" (once, the giver only); the cards in each language.
 */

const START = new Date('2026-11-23T10:00:00.000Z');
const inPerson = (giftId: string, overrides: Partial<CheckoutLineInput> = {}) =>
  line(giftId, { recipientName: null, recipientEmail: null, recipientPhone: null, delivery: { kind: 'in_person' }, ...overrides });

describe('a gift given in person', () => {
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
  const mails = () => db().select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));
  const ordersOf = (checkoutId: string) => db().select().from(orders).where(eq(orders.checkoutId, checkoutId)).orderBy(asc(orders.createdAt));

  async function boughtSignedIn(lines: (giftIds: { tea: string; dinner: string }) => CheckoutLineInput[]) {
    const { tea, dinner } = await shop(t);
    const buyer = await signedIn(t, { name: 'Ana García' });
    const created = await postCheckout(t, buyer.cookie, lines({ tea: tea.id, dinner: dinner.id }));
    expect(created.statusCode, created.body).toBe(201);
    const paid = await as(t, buyer.cookie)({ method: 'POST', url: `/api/payments/test/${created.json().id}/succeed` });
    expect(paid.statusCode, paid.body).toBe(200);
    return { buyer, checkout: paid.json(), orders: await ordersOf(created.json().id) };
  }

  async function boughtAsGuest(lines: (giftIds: { tea: string }) => CheckoutLineInput[]) {
    const { tea } = await shop(t);
    const buyer = { name: 'Pep Invitat', email: `guest-${randomUUID().slice(0, 8)}@example.test`, locale: 'va' as const };
    const created = await authedInject(t, null, {
      method: 'POST',
      url: '/api/guest-checkouts',
      payload: { idempotencyKey: newKey(), acceptedTermsVersion: TERMS_VERSION, lines: lines({ tea: tea.id }), buyer },
    });
    expect(created.statusCode, created.body).toBe(201);
    const cookie = cookieFrom(created);
    const paid = await authedInject(t, cookie, { method: 'POST', url: `/api/payments/test/${created.json().id}/succeed` });
    expect(paid.statusCode, paid.body).toBe(200);
    const token = (created.json().purchasePath as string).replace(/^\/purchase\//, '');
    return { buyer, cookie, token, checkout: paid.json(), orders: await ordersOf(created.json().id) };
  }

  describe('checkout', () => {
    it('signed in: no contact and no name needed; nothing is sent to anybody, the receipt says so and the thank-you page offers its page', async () => {
      const before = (await mails()).length;
      const sentTo = `carmen-${randomUUID().slice(0, 6)}@example.test`;
      const { buyer, checkout, orders: [given, sent] } = await boughtSignedIn(({ tea, dinner }) => [
        inPerson(tea),
        line(dinner, { recipientName: 'Carmen', recipientEmail: sentTo }),
      ]);
      expect(given).toMatchObject({ handover: 'in_person', recipientName: '', recipientEmail: null, recipientPhone: null, deliveredAt: null, giftMailId: null, status: 'paid' });
      expect(sent).toMatchObject({ handover: 'send', status: 'paid' });
      expect(sent!.deliveredAt).not.toBeNull();

      // The receipt to the giver and the sent gift's email: nothing else, nothing for the gift given in person.
      // Besides the business's notice of its sale, the only mails there are.
      const queued = (await mails()).slice(before).filter((m) => m.template !== 'owner-order-event');
      expect(queued.map((m) => [m.template, m.to]).sort()).toEqual([['gift-received', sentTo], ['order-receipt', buyer.user.email]].sort());
      const receipt = queued.find((m) => m.template === 'order-receipt')!;
      expect(receipt.text).toContain('for you to give in person');
      expect(receipt.text).toContain('Nothing is sent to the recipient of a gift you give in person');
      // The code stays out of every mail: the receipt leads to "My orders".
      expect(receipt.text).not.toContain(given!.qrCode);

      // The thank-you page (its buyer's checkout) offers the page its cards print from.
      const [givenLine, sentLine] = checkout.lines;
      expect(givenLine).toMatchObject({ handover: 'in_person', recipientName: '', giftPagePath: `/g/${given!.qrCode}` });
      expect(sentLine).toMatchObject({ handover: 'send', giftPagePath: null });

      // Whatever tries to send it (the delivery job, a retried payment event) sends nothing.
      clock = new Date('2026-12-01T10:00:00.000Z');
      const options = { orderId: given!.id, now: clock, publicUrl: t.config.publicUrl, authSecret: t.config.authSecret, notifyGiver: true };
      expect(await deliverOrder(db(), options)).toBe(false);
      const [still] = await db().select().from(orders).where(eq(orders.id, given!.id));
      expect(still).toMatchObject({ deliveredAt: null, giftMailId: null });

      const list = (await as(t, buyer.cookie)({ method: 'GET', url: '/api/my/orders' })).json().items;
      expect(list.find((o: { id: string }) => o.id === given!.id)).toMatchObject({
        handover: 'in_person',
        deliveryState: 'in_person',
        giftPagePath: `/g/${given!.qrCode}`,
        canChangeDelivery: true,
        canResend: false,
      });
    });

    it('keeps a name typed for a gift given in person, as typed', async () => {
      const { orders: [given] } = await boughtSignedIn(({ tea }) => [inPerson(tea, { recipientName: '  Maria Josep ' })]);
      expect(given).toMatchObject({ recipientName: 'Maria Josep', handover: 'in_person' });
    });

    it('refuses contradictory lines with translated field codes, and creates nothing', async () => {
      const { tea } = await shop(t);
      const buyer = await signedIn(t);
      const before = await paymentState(t);
      const res = await postCheckout(t, buyer.cookie, [
        inPerson(tea.id, { recipientEmail: 'someone@example.test' }),
        inPerson(tea.id, { recipientPhone: '+34600111222' }),
        // A sent gift still needs its name and a contact.
        line(tea.id, { recipientName: null, recipientEmail: null }),
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        fields: {
          'lines.0.recipientEmail': 'in_person_has_contact',
          'lines.1.recipientPhone': 'in_person_has_contact',
          'lines.2.recipientName': 'required',
          'lines.2.recipientEmail': 'contact_required',
        },
      });
      expect(await paymentState(t)).toEqual(before);
      // The web shows each code in the giver's language.
      for (const catalogue of [en, es, va]) {
        const fields = catalogue.errors.fields as Record<string, string>;
        for (const code of ['in_person_has_contact', 'required', 'contact_required']) expect(fields[code]).toBeTruthy();
      }
    });

    it('as a guest: no gift email, the receipt, and the purchase page lists it with its page', async () => {
      const before = (await mails()).length;
      const { buyer, token, checkout, orders: [given] } = await boughtAsGuest(({ tea }) => [inPerson(tea, { recipientName: 'Vicent' })]);
      expect(given).toMatchObject({ handover: 'in_person', recipientName: 'Vicent', deliveredAt: null, giftMailId: null });
      const queued = (await mails()).slice(before).filter((m) => m.template !== 'owner-order-event');
      expect(queued.map((m) => [m.template, m.to])).toEqual([['order-receipt', buyer.email]]);
      expect(queued[0]!.text).toContain('per a donar-lo en persona');
      expect(checkout.lines[0]).toMatchObject({ handover: 'in_person', giftPagePath: `/g/${given!.qrCode}` });

      const page = await authedInject(t, null, { method: 'GET', url: `/api/purchases/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.json().orders[0]).toMatchObject({ deliveryState: 'in_person', giftPagePath: `/g/${given!.qrCode}`, canChangeDelivery: true });
    });
  });

  describe('sending it later ("Send it now")', () => {
    const sendNow = (email: string) => ({ recipientName: 'Vicent', recipientEmail: email, recipientPhone: null, delivery: { kind: 'now' } });

    it('the owner sends it once: the gift email goes out, and a second try is refused', async () => {
      const { buyer, orders: [given] } = await boughtSignedIn(({ tea }) => [inPerson(tea, { recipientName: 'Lucía' })]);
      const to = `lucia-${randomUUID().slice(0, 6)}@example.test`;
      const patch = (payload: unknown) => as(t, buyer.cookie)({ method: 'PATCH', url: `/api/my/orders/${given!.id}/delivery`, payload: payload as Record<string, unknown> });
      const res = await patch(sendNow(to));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ handover: 'send', deliveryState: 'sending', recipientEmail: to });
      const gift = (await mails()).filter((m) => m.to === to);
      expect(gift.map((m) => m.template)).toEqual(['gift-received']);
      expect(gift[0]!.text).toContain(given!.qrCode);

      const again = await patch(sendNow(`other-${randomUUID().slice(0, 6)}@example.test`));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('order_already_delivered');
    });

    it('by WhatsApp: with a phone only it is released for the giver to share, and no email goes out', async () => {
      const { buyer, orders: [given] } = await boughtSignedIn(({ tea }) => [inPerson(tea)]);
      const before = (await mails()).length;
      const res = await as(t, buyer.cookie)({
        method: 'PATCH',
        url: `/api/my/orders/${given!.id}/delivery`,
        payload: { recipientEmail: null, recipientPhone: '+34600111222', delivery: { kind: 'now' } },
      });
      // Named by nobody, it needs a name to be sent: refused, nothing changed.
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ recipientName: 'required' });
      const named = await as(t, buyer.cookie)({
        method: 'PATCH',
        url: `/api/my/orders/${given!.id}/delivery`,
        payload: { recipientName: 'Maria Josep', recipientEmail: null, recipientPhone: '+34600111222', delivery: { kind: 'now' } },
      });
      expect(named.statusCode, named.body).toBe(200);
      expect(named.json()).toMatchObject({ handover: 'send', deliveryState: 'delivered', recipientName: 'Maria Josep', recipientPhone: '+34600111222' });
      expect((await mails()).length).toBe(before);
    });

    it('another user gets 404 and an anonymous visitor 401; nothing changes', async () => {
      const { orders: [given] } = await boughtSignedIn(({ tea }) => [inPerson(tea)]);
      const other = await signedIn(t);
      const url = `/api/my/orders/${given!.id}/delivery`;
      const payload = sendNow('x@example.test');
      const byOther = await as(t, other.cookie)({ method: 'PATCH', url, payload });
      expect(byOther.statusCode).toBe(404);
      expect(byOther.json().code).toBe('order_not_found');
      expect((await as(t, null)({ method: 'PATCH', url, payload })).statusCode).toBe(401);
      const [row] = await db().select().from(orders).where(eq(orders.id, given!.id));
      expect(row).toMatchObject({ handover: 'in_person', deliveredAt: null, recipientEmail: null });
    });

    it('a guest sends it from the purchase link; another purchase’s link cannot', async () => {
      const mine = await boughtAsGuest(({ tea }) => [inPerson(tea)]);
      const theirs = await boughtAsGuest(({ tea }) => [inPerson(tea)]);
      const to = `vicent-${randomUUID().slice(0, 6)}@example.test`;
      const wrongLink = await authedInject(t, null, {
        method: 'PATCH',
        url: `/api/purchases/${theirs.token}/orders/${mine.orders[0]!.id}/delivery`,
        payload: sendNow(to),
      });
      expect(wrongLink.statusCode).toBe(404);
      const res = await authedInject(t, null, { method: 'PATCH', url: `/api/purchases/${mine.token}/orders/${mine.orders[0]!.id}/delivery`, payload: sendNow(to) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ handover: 'send', deliveryState: 'sending' });
      expect((await mails()).filter((m) => m.to === to).map((m) => m.template)).toEqual(['gift-received']);
      const [theirOrder] = await ordersOf(theirs.checkout.id);
      expect(theirOrder).toMatchObject({ handover: 'in_person', deliveredAt: null });
    });
  });

  describe('its page and cards', () => {
    const texts = {
      en: { greeting: 'You have a gift', heading: 'A gift for you', a6: 'Printable card (A6)', folded: 'Folding card to print (A4 sheet)', how: 'Fold it in half' },
      es: { greeting: 'Tienes un regalo', heading: 'Un regalo para ti', a6: 'Tarjeta para imprimir (A6)', folded: 'Tarjeta plegable para imprimir (hoja A4)', how: 'Dóblala por la mitad' },
      va: { greeting: 'Tens un regal', heading: 'Un regal per a tu', a6: 'Targeta per a imprimir (A6)', folded: 'Targeta plegable per a imprimir (full A4)', how: 'Plega-la per la mitat' },
    } as const;

    it('renders the gift page, the A6 card and the folded A4 card in the three languages, greeting nobody by an empty name', async () => {
      const { orders: [given] } = await boughtSignedIn(({ tea }) => [inPerson(tea, { personalMessage: 'Per molts anys!' })]);
      const path = `/g/${given!.qrCode}`;
      for (const [language, words] of Object.entries(texts)) {
        const page = await authedInject(t, null, { method: 'GET', url: `${path}?lang=${language}` });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain(`<h1>${words.greeting}</h1>`);
        expect(page.body).toContain(`href="${path}/print?lang=${language}">${words.a6}<`);
        expect(page.body).toContain(`href="${path}/print/folded?lang=${language}">${words.folded}<`);

        const a6 = await authedInject(t, null, { method: 'GET', url: `${path}/print?lang=${language}` });
        expect(a6.statusCode).toBe(200);
        expect(a6.body).toContain('@page{size:105mm 148mm');
        expect(a6.body).toContain(`<h1 id="print-title">${words.heading}</h1>`);
        expect(a6.body).toContain(`href="${path}/print/folded?lang=${language}"`);

        const folded = await authedInject(t, null, { method: 'GET', url: `${path}/print/folded?lang=${language}` });
        expect(folded.statusCode).toBe(200);
        expect(folded.headers['content-type']).toContain('text/html');
        expect(folded.body).toContain('@page{size:A4 portrait;margin:0}');
        expect(folded.body).toContain('data-testid="folded-sheet"');
        expect(folded.body).toContain(`<h1 id="print-title">${words.heading}</h1>`);
        expect(folded.body).toContain(words.how);
        expect(folded.body).toContain('Per molts anys!');
        expect(folded.body).toContain('data-testid="gift-qr"');
        expect(folded.body).toContain('<script src="/g/print-card.js" defer></script>');
        expect(folded.body).toContain(`href="${path}/print?lang=${language}"`);
      }
    });

    it('offers no folded card for a gift that cannot be used, and none for an unknown code', async () => {
      const { orders: [given] } = await boughtSignedIn(({ tea }) => [inPerson(tea)]);
      await db().update(orders).set({ status: 'cancelled', cancelledAt: START }).where(eq(orders.id, given!.id));
      const res = await authedInject(t, null, { method: 'GET', url: `/g/${given!.qrCode}/print/folded?lang=es` });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/g/${given!.qrCode}?lang=es`);
      expect((await authedInject(t, null, { method: 'GET', url: `/g/${'x'.repeat(43)}/print/folded` })).statusCode).toBe(404);
    });
  });
});
