import { eq, sql } from 'drizzle-orm';
import { withdrawalPeriodEnd } from '../transfers/transfer-schedule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, transfers } from '../../db/schema/payouts';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { getBusinessBalances, getPlatformBalances } from './ledger-balances';
import { recordLedgerEntries } from './record-ledger-entries';

describe('ledger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function paidOrder(price = 2500) {
    const owner = await createUser(t.database.db, { userType: 'business' });
    const business = await createBusiness(t.database.db, { ownerId: owner.id, commissionRate: 10 });
    const gift = await createGift(t.database.db, { businessId: business.id, price });
    const buyer = await createUser(t.database.db);
    const order = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, status: 'paid' });
    return { business, order };
  }

  it('records a payment as charge, commission, VAT and share owed that add up to the total', async () => {
    const { business, order } = await paidOrder(2500);
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.checkoutId, order.checkoutId!));
    const byKind = Object.fromEntries(rows.map((r) => [r.kind, r.amount]));
    // 10 % of 25,00 € = 2,50 €; 21 % IVA on it = 0,525 → 0,53 €; the business is owed 21,97 €.
    expect(byKind).toEqual({ charge_received: 2500, commission: 250, commission_vat: 53, share_owed: 2197 });
    expect(await getBusinessBalances(t.database.db, business.id)).toEqual({ owed: 2197, inTransit: 0, paidOut: 0, commission: 250, commissionVat: 53 });
    const [transfer] = await t.database.db.select().from(transfers).where(eq(transfers.orderId, order.id));
    expect(transfer).toMatchObject({ state: 'due', amount: 2197, nextAttemptAt: withdrawalPeriodEnd(order.paidAt!) });
  });

  it('records each movement once: a repeated key adds nothing', async () => {
    const { business, order } = await paidOrder(1000);
    const entry = { kind: 'transfer_sent' as const, amount: order.netAmount!, businessId: business.id, orderId: order.id, providerRef: 'tr_1', at: new Date() };
    expect(await recordLedgerEntries(t.database.db, [entry])).toBe(1);
    expect(await recordLedgerEntries(t.database.db, [entry])).toBe(0);
    expect(await getBusinessBalances(t.database.db, business.id)).toMatchObject({ owed: 0, inTransit: order.netAmount! });
    await recordLedgerEntries(t.database.db, [{ kind: 'payout_paid', amount: 500, businessId: business.id, providerRef: 'po_1', idempotencyKey: 'payout_paid:po_1', at: new Date() }]);
    expect(await getBusinessBalances(t.database.db, business.id)).toMatchObject({ owed: 0, inTransit: order.netAmount! - 500, paidOut: 500 });
  });

  it('refuses to update or delete a row, in the database itself', async () => {
    const { order } = await paidOrder();
    const [row] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id)).limit(1);
    const refusal = async (query: Promise<unknown>) => {
      const error = await query.then(() => null, (e: Error & { cause?: Error }) => e);
      // Drizzle wraps the database's error: the trigger's message is in its cause.
      return error ? String(error.cause?.message ?? error.message) : 'no error';
    };
    expect(await refusal(t.database.db.update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.id, row!.id)))).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(t.database.db.delete(ledgerEntries).where(eq(ledgerEntries.id, row!.id)))).toMatch(/append-only: DELETE refused/);
    expect(await refusal(t.database.db.execute(sql`delete from ledger_entries`))).toMatch(/append-only: DELETE refused/);
    const [after] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, row!.id));
    expect(after).toEqual(row);
  });

  it("sums Regalo's side over every business", async () => {
    const before = await getPlatformBalances(t.database.db);
    await paidOrder(4000);
    const after = await getPlatformBalances(t.database.db);
    // 10 % of 40,00 € = 4,00 €; IVA 0,84 €.
    expect(after.charged - before.charged).toBe(4000);
    expect(after.commission - before.commission).toBe(400);
    expect(after.commissionVat - before.commissionVat).toBe(84);
    expect(after.owed - before.owed).toBe(3516);
  });
});
