import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, signedInUser } from '../../testing/dashboard-test-world';
import { counter, redemptionState } from './redemption-test-world';

/**
 * The owner who scans a gift's QR with the phone's camera app opens its page: the page offers
 * the dashboard's redeem confirmation to the gift's business owner only, and redeeming goes
 * through the one redemption endpoint (exactly once, with the recipient's code).
 */
describe('the gift page at its business counter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const page = (cookie: string | null, code: string) => as(t, cookie)({ method: 'GET', url: `/g/${code}?lang=va` });
  const REDEEM_LINK = 'data-testid="owner-redeem"';

  /** The code the page hands to the dashboard (in the link's fragment). */
  function handedOverCode(body: string): string {
    const href = /href="(\/business\/dashboard\?tab=redeem#code=[^"]+)"/.exec(body)?.[1];
    expect(href, 'the page links to the redeem confirmation').toBeDefined();
    return decodeURIComponent(new URLSearchParams(href!.split('#')[1]).get('code')!);
  }

  it('offers the owner "Redeem this gift"; the code it hands over redeems once, then says already redeemed', async () => {
    const owner = await counter(t);
    const { order } = await owner.order();

    const res = await page(owner.cookie, order.qrCode);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(REDEEM_LINK);
    expect(res.body).toContain('Bescanviar este regal');
    expect(res.body).toContain(`href="/business/dashboard?tab=redeem#code=${order.qrCode}"`);
    // A personalised answer: never stored, and never one answer for every cookie.
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
    // The recipient's page is all still there (QR, typed code).
    expect(res.body).toContain('data-testid="gift-qr"');

    const first = await owner.redeem(handedOverCode(res.body));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ orderId: order.id, status: 'redeemed' });
    const after = await redemptionState(t, order.id);
    expect(after.order).toMatchObject({ status: 'redeemed' });
    expect(after.records).toHaveLength(1);
    expect(after.records[0]).toMatchObject({ redeemedBy: owner.user.id, method: 'scan' });

    const second = await owner.redeem(handedOverCode(res.body));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'order_already_redeemed' });
    expect(await redemptionState(t, order.id)).toEqual(after);

    // Redeemed: the page says so, and offers nothing more to the owner.
    const again = await page(owner.cookie, order.qrCode);
    expect(again.body).not.toContain(REDEEM_LINK);
    expect(again.body).toContain('data-status="redeemed"');
  });

  it('shows anonymous visitors, consumers and another business’s owner the recipient’s page as it was, and they cannot redeem', async () => {
    const owner = await counter(t);
    const { order } = await owner.order();
    const before = await redemptionState(t, order.id);
    const anonymousPage = await page(null, order.qrCode);
    expect(anonymousPage.statusCode).toBe(200);
    expect(anonymousPage.body).not.toContain(REDEEM_LINK);
    expect(anonymousPage.body).not.toContain('/business/dashboard');

    const consumer = await signedInUser(t);
    const other = await counter(t);
    for (const [who, cookie] of [
      ['consumer', consumer.cookie],
      ['other owner', other.cookie],
    ] as const) {
      const res = await page(cookie, order.qrCode);
      expect(res.statusCode, who).toBe(200);
      expect(res.body, who).toBe(anonymousPage.body);
    }

    const anonymous = await as(t, null)({ method: 'POST', url: '/api/business/redemptions', payload: { code: order.qrCode } });
    expect(anonymous.statusCode).toBe(401);
    const byConsumer = await as(t, consumer.cookie)({ method: 'POST', url: '/api/business/redemptions', payload: { code: order.qrCode } });
    expect(byConsumer.json()).toMatchObject({ code: 'no_business' });
    const byOther = await other.redeem(order.qrCode);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toMatchObject({ code: 'order_other_business' });
    expect(await redemptionState(t, order.id)).toEqual(before);
  });

  it('offers nothing to the owner of a business that may not redeem yet', async () => {
    const pending = await counter(t, { verificationStatus: 'pending', isActive: false });
    const { order } = await pending.order();
    const res = await page(pending.cookie, order.qrCode);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(REDEEM_LINK);
  });
});
