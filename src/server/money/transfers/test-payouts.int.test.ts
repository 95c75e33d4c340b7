import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authedInject } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { getBusinessBalances } from '../ledger/ledger-balances';
import { createClock, ledgerOf, paidOrderWorld, transferOf } from '../payouts-test-world';
import { sendDueTransfers } from './send-due-transfers';
import { payOutTestTransfers, TEST_PAYOUT_DELAY_DAYS } from './pay-out-test-transfers';

/**
 * The test provider pays transfers out to the banks after a few days, as Stripe's payouts do
 * (ADR 053): "in transit" becomes "paid out" on the owner's Payouts tab, once.
 */
describe('test provider payouts', () => {
  const clock = createClock(new Date('2026-09-01T10:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  it('pays a sent transfer out after a few days, once, and the Payouts tab shows it paid out', async () => {
    const paidAt = new Date('2026-09-01T10:00:00Z');
    const { owner, business, order } = await paidOrderWorld(t, { paidAt });
    clock.at(paidAt, 1);
    const redeemed = await authedInject(t, owner.cookie, { method: 'POST', url: '/api/business/redemptions', payload: { code: order.qrCode } });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect((await sendDueTransfers(t.app.ctx)).sent).toBe(1);
    const sentAt = clock.now();
    const balances = () => getBusinessBalances(t.database.db, business.id);
    expect(await balances()).toMatchObject({ inTransit: 2197, paidOut: 0 });

    // Not before its few days have passed.
    clock.at(sentAt, TEST_PAYOUT_DELAY_DAYS - 0.1);
    expect(await payOutTestTransfers(t.app.ctx)).toBe(0);
    expect(await balances()).toMatchObject({ inTransit: 2197, paidOut: 0 });

    clock.at(sentAt, TEST_PAYOUT_DELAY_DAYS);
    expect(await payOutTestTransfers(t.app.ctx)).toBe(1);
    expect(await balances()).toMatchObject({ owed: 0, inTransit: 0, paidOut: 2197 });
    // Once: a later run, or a second server's, adds nothing.
    clock.at(sentAt, 90);
    expect(await payOutTestTransfers(t.app.ctx)).toBe(0);
    expect(await balances()).toMatchObject({ inTransit: 0, paidOut: 2197 });

    const transfer = await transferOf(t, order.id);
    expect(await ledgerOf(t, order.id)).toContain('transfer_sent:2197');
    const tab = await authedInject(t, owner.cookie, { method: 'GET', url: '/api/business/payouts' });
    expect(tab.statusCode, tab.body).toBe(200);
    expect(tab.json().balances).toMatchObject({ inTransit: 0, paidOut: 2197 });
    expect(transfer.state).toBe('sent');
  });
});
