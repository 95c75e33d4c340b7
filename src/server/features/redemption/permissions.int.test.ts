import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, signedInUser } from '../../testing/dashboard-test-world';
import { counter, redemptionState } from './redemption-test-world';

/**
 * Every redemption endpoint × every kind of caller, always aimed at the first business's
 * paid order; then proof that nothing changed.
 */
describe('redemption permissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  type Target = { id: string; qrCode: string; typedCode: string | null };
  const endpoints = [
    {
      name: 'POST /api/business/redemptions/lookup (whole code)',
      request: (o: Target) => ({ method: 'POST' as const, url: '/api/business/redemptions/lookup', payload: { code: o.qrCode } }),
    },
    {
      name: 'POST /api/business/redemptions/lookup (typed code)',
      request: (o: Target) => ({ method: 'POST' as const, url: '/api/business/redemptions/lookup', payload: { code: o.typedCode } }),
    },
    {
      name: 'POST /api/business/redemptions',
      request: (o: Target) => ({ method: 'POST' as const, url: '/api/business/redemptions', payload: { code: o.qrCode } }),
    },
  ];

  async function world() {
    const first = await counter(t);
    const { order } = await first.order();
    return { first, order, before: await redemptionState(t, order.id) };
  }

  it.each(endpoints)('$name: the owner of the active business gets 200', async (endpoint) => {
    const { first, order } = await world();
    const res = await as(t, first.cookie)(endpoint.request(order));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('anonymous callers get 401 everywhere, even with a malformed body', async () => {
    const { order, before } = await world();
    for (const endpoint of endpoints) {
      const res = await as(t, null)(endpoint.request(order));
      expect(res.statusCode, endpoint.name).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    }
    const malformed = await as(t, null)({ method: 'POST', url: '/api/business/redemptions', payload: { code: 1 } });
    expect(malformed.statusCode).toBe(401);
    expect(await redemptionState(t, order.id)).toEqual(before);
  });

  it.each([
    ['a consumer', 'user'],
    ['an admin who owns no business', 'admin'],
  ] as const)('%s gets 403 no_business everywhere', async (_label, role) => {
    const { order, before } = await world();
    const { cookie } = await signedInUser(t, role);
    for (const endpoint of endpoints) {
      const res = await as(t, cookie)(endpoint.request(order));
      expect(res.statusCode, endpoint.name).toBe(403);
      expect(res.json(), endpoint.name).toMatchObject({ code: 'no_business' });
      expect(res.body).not.toContain(order.recipientName);
    }
    expect(await redemptionState(t, order.id)).toEqual(before);
  });

  it('the owner of a business never approved gets 403 business_inactive everywhere', async () => {
    const { order, before } = await world();
    const pending = await counter(t, { verificationStatus: 'pending', isActive: false });
    const { order: own } = await pending.order();
    for (const endpoint of endpoints) {
      for (const target of [order, own]) {
        const res = await as(t, pending.cookie)(endpoint.request(target));
        expect(res.statusCode, endpoint.name).toBe(403);
        expect(res.json(), endpoint.name).toMatchObject({ code: 'business_inactive' });
      }
    }
    expect(await redemptionState(t, order.id)).toEqual(before);
    expect((await redemptionState(t, own.id)).order).toMatchObject({ status: 'paid', redeemedAt: null });
  });

  it('a business the team deactivated still redeems the gifts already paid for', async () => {
    const deactivated = await counter(t, { verificationStatus: 'approved', isActive: false });
    const { order: own } = await deactivated.order();
    const redeem = endpoints[endpoints.length - 1]!;
    const res = await as(t, deactivated.cookie)(redeem.request(own));
    expect(res.statusCode).toBe(200);
    expect((await redemptionState(t, own.id)).order).toMatchObject({ status: 'redeemed' });
  });

  it('another owner cannot see or redeem the first business’s order', async () => {
    const { order, before } = await world();
    const other = await counter(t);
    const [byCode, byTyped, redeem] = await Promise.all(endpoints.map((e) => as(t, other.cookie)(e.request(order))));
    expect(byCode!.statusCode).toBe(403);
    expect(byCode!.json()).toMatchObject({ code: 'order_other_business' });
    expect(byTyped!.statusCode).toBe(404);
    expect(byTyped!.json()).toMatchObject({ code: 'order_not_found' });
    expect(redeem!.statusCode).toBe(403);
    expect(redeem!.json()).toMatchObject({ code: 'order_other_business' });
    for (const res of [byCode!, byTyped!, redeem!]) {
      expect(res.body).not.toContain(order.recipientName);
      expect(res.body).not.toContain(order.typedCode);
    }
    expect(await redemptionState(t, order.id)).toEqual(before);
  });
});
