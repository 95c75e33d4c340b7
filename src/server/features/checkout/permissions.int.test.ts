import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth';
import { instantToMadridLocal } from '@shared/domain/delivery-time';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, line, newKey, paymentState, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';
import { TERMS_VERSION } from '@shared/domain/legal-versions';

/**
 * Every checkout, payment and "my orders" endpoint × every kind of caller: anonymous, an
 * unconfirmed account, another consumer, the business owner whose gift it is, and the
 * buyer. Only the buyer may act on the buyer's checkout and orders; everyone else changes
 * nothing (401/403/404, the same 404 as for an id that does not exist).
 */
const inDays = (days: number) => instantToMadridLocal(new Date(Date.now() + days * 24 * 60 * 60 * 1000));

describe('checkout and my-orders permissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function world() {
    const { tea, owner } = await shop(t);
    const buyer = await signedIn(t);
    const other = await signedIn(t);
    const unverified = await signedIn(t);
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, unverified.user.id));
    const pending = (await postCheckout(t, buyer.cookie, [line(tea.id)])).json();
    const paid = (await postCheckout(t, buyer.cookie, [line(tea.id), line(tea.id, { delivery: { kind: 'scheduled', ...inDays(10) } })])).json();
    await as(t, buyer.cookie)({ method: 'POST', url: `/api/payments/test/${paid.id}/succeed` });
    // The gift email leaves, so the buyer may resend it.
    await t.app.ctx.mail.flush();
    return {
      tea,
      actors: { anonymous: null, unverified: unverified.cookie, other: other.cookie, owner: owner.cookie, buyer: buyer.cookie },
      pendingId: pending.id as string,
      deliveredOrderId: paid.lines[0].orderId as string,
      scheduledOrderId: paid.lines[1].orderId as string,
    };
  }

  type World = Awaited<ReturnType<typeof world>>;
  type Actor = keyof World['actors'];
  const endpoints: { name: string; byId: boolean; buyerStatus: number; request: (w: World) => Parameters<ReturnType<typeof as>>[0] }[] = [
    { name: 'GET /api/checkouts/:id', byId: true, buyerStatus: 200, request: (w) => ({ method: 'GET', url: `/api/checkouts/${w.pendingId}` }) },
    ...(['succeed', 'fail', 'cancel'] as const).map((outcome) => ({
      name: `POST /api/payments/test/:id/${outcome}`,
      byId: true,
      buyerStatus: 200,
      request: (w: World) => ({ method: 'POST' as const, url: `/api/payments/test/${w.pendingId}/${outcome}` }),
    })),
    { name: 'POST /api/my/orders/:id/resend', byId: true, buyerStatus: 204, request: (w) => ({ method: 'POST', url: `/api/my/orders/${w.deliveredOrderId}/resend` }) },
    {
      name: 'PATCH /api/my/orders/:id/delivery',
      byId: true,
      buyerStatus: 200,
      request: (w) => ({
        method: 'PATCH',
        url: `/api/my/orders/${w.scheduledOrderId}/delivery`,
        payload: { recipientEmail: 'new@example.test', recipientPhone: null, delivery: { kind: 'scheduled', ...inDays(11) } },
      }),
    },
    { name: 'GET /api/my/orders', byId: false, buyerStatus: 200, request: () => ({ method: 'GET', url: '/api/my/orders' }) },
    { name: 'GET /api/my/pending-purchases', byId: false, buyerStatus: 200, request: () => ({ method: 'GET', url: '/api/my/pending-purchases' }) },
    {
      name: 'POST /api/my/pending-purchases/:id/discard',
      byId: true,
      buyerStatus: 204,
      request: (w) => ({ method: 'POST', url: `/api/my/pending-purchases/${w.pendingId}/discard` }),
    },
    {
      name: 'POST /api/checkouts',
      byId: false,
      buyerStatus: 201,
      request: (w) => ({ method: 'POST', url: '/api/checkouts', payload: { idempotencyKey: newKey(), acceptedTermsVersion: TERMS_VERSION, lines: [line(w.tea.id)] } }),
    },
  ];

  const expected = (actor: Actor, byId: boolean, buyerStatus: number) => {
    if (actor === 'anonymous') return 401;
    if (actor === 'unverified') return 403;
    if (actor === 'buyer') return buyerStatus;
    return byId ? 404 : buyerStatus;
  };

  for (const endpoint of endpoints) {
    it(`${endpoint.name}: only the buyer acts on the buyer's things`, async () => {
      const w = await world();
      for (const actor of ['anonymous', 'unverified', 'other', 'owner'] as const) {
        const before = await paymentState(t);
        const res = await as(t, w.actors[actor])(endpoint.request(w));
        const status = expected(actor, endpoint.byId, endpoint.buyerStatus);
        expect(res.statusCode, `${actor}: ${res.body}`).toBe(status);
        if (status === 404) {
          expect(res.json().code).toMatch(/^(checkout|order)_not_found$/);
        }
        // Other users' own lists/quotes/checkouts never touch the buyer's rows.
        if (status >= 400 || endpoint.name.startsWith('GET') || endpoint.name.endsWith('quote')) {
          expect(await paymentState(t), actor).toEqual(before);
        }
        if (endpoint.name.startsWith('GET /api/my/') && status === 200) expect(res.json().items).toEqual([]);
      }
      const res = await as(t, w.actors.buyer)(endpoint.request(w));
      expect(res.statusCode, res.body).toBe(endpoint.buyerStatus);
    });
  }

  it('quotes the same prices for everyone, signed in or not (a guest buys too, ADR 075)', async () => {
    const w = await world();
    const request = { method: 'POST' as const, url: '/api/checkouts/quote', payload: { giftIds: [w.tea.id] } };
    const answers = [];
    for (const actor of ['anonymous', 'unverified', 'other', 'owner', 'buyer'] as const) {
      const before = await paymentState(t);
      const res = await as(t, w.actors[actor])(request);
      expect(res.statusCode, `${actor}: ${res.body}`).toBe(200);
      expect(await paymentState(t), actor).toEqual(before);
      answers.push(res.json());
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  });

  it('answers 404 for ids that do not exist or are malformed, like for other people’s', async () => {
    const w = await world();
    for (const url of ['/api/checkouts/00000000-0000-4000-8000-000000000000', '/api/checkouts/nope']) {
      const res = await as(t, w.actors.buyer)({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('checkout_not_found');
    }
    const res = await as(t, w.actors.buyer)({ method: 'POST', url: '/api/my/orders/nope/resend' });
    expect(res.json()).toMatchObject({ status: 404, code: 'order_not_found' });
  });
});
