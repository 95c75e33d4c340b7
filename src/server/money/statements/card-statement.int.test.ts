import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redemptions } from '../../db/schema/orders';
import { madridMonthOf } from '@shared/domain/statement-month';
import { undoCardUse } from '../../domain/orders/undo-card-use';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { recordExpiryMovements } from '../ledger/record-expiry';
import { settleRedemption } from '../transfers/settle-redemption';
import { formatStatementCsv } from './format-statement-csv';
import { getBusinessStatement } from './get-business-statement';

/**
 * A month's statement with gift cards (ADR 104): the sale as any order, each use, undo and
 * expiry as a line for the record (no money moves: the balance lines are unchanged), and the
 * balance the cards' holders may still spend at the month's end, in the CSV too.
 */
describe('statements with gift cards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the sale, the uses, the undone use and the expiry, with the outstanding balance', async () => {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const business = await createBusiness(db, { ownerId: owner.id, commissionRate: 10 });
    const gift = await createGift(db, { businessId: business.id, name: 'Tarjeta regalo' });
    const buyer = await createUser(db);
    const at = (day: number, hour = 10) => new Date(Date.UTC(2026, 2, day, hour));
    const card = await createOrder(db, { buyerId: buyer.id, giftId: gift.id, valueKind: 'card', amountCents: 5000, createdAt: at(2), paidAt: at(2), now: at(2) });
    const other = await createOrder(db, { buyerId: buyer.id, giftId: gift.id, valueKind: 'card', amountCents: 2000, createdAt: at(2), paidAt: at(2), now: at(2), expiresAt: at(20) });
    const use = (orderId: string, amount: number, when: Date, key: string) =>
      settleRedemption(db, { orderId, businessId: business.id, checkoutId: null, amount, redeemedBy: owner.id, method: 'manual', at: when, useKey: key });
    await use(card.id, 1840, at(5), 'statement-use-1');
    await use(card.id, 1000, at(6), 'statement-use-2');
    const [secondUse] = await db.select().from(redemptions).where(eq(redemptions.orderId, card.id)).orderBy(desc(redemptions.createdAt)).limit(1);
    await undoCardUse(db, { useId: secondUse!.id, undoer: { as: 'business', businessId: business.id, userId: owner.id }, reason: 'Wrong amount', now: new Date(at(6).getTime() + 60_000) });
    await use(other.id, 500, at(7), 'statement-use-3');
    await recordExpiryMovements(db, [other.id], at(21));

    const statement = await getBusinessStatement(db, business, madridMonthOf(at(2)), at(31));
    const lines = statement.lines.map((l) => `${l.kind}:${l.gross}:${l.balanceChange}`);
    // The two sales at one instant read in their orders' order.
    expect(lines.slice(0, 2).sort()).toEqual(['order_paid:2000:1758', 'order_paid:5000:4395']);
    expect(lines.slice(2)).toEqual([
      'card_used:1840:0',
      'card_used:1000:0',
      'card_use_undone:-1000:0',
      'card_used:500:0',
      'card_expired:1500:0',
    ]);
    // 50 € − 18,40 € on one card; the other expired.
    expect(statement.cardBalance).toBe(3160);
    const csv = formatStatementCsv(statement, 'es');
    expect(csv).toContain('Uso de tarjeta regalo;');
    expect(csv).toContain('Saldo de tarjeta regalo caducado;');
    expect(csv).toMatch(/Saldo pendiente de tarjetas regalo;;;31,60/);
  });
});
