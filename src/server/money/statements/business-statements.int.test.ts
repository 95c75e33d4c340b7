import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '@shared/contracts/statements';
import { recordLedgerEntries } from '../ledger/record-ledger-entries';
import { as, signedInOwner, signedInUser } from '../../testing/dashboard-test-world';
import { createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

// "Now" is mid-November 2026, so October (summer time ends on 25 October) is a closed month.
const NOW = new Date('2026-11-15T10:00:00Z');

describe('business statements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
  });
  afterAll(() => t.close());

  /** 10 % commission on 25,00 €: 2,50 € + 0,53 € IVA, 21,97 € for the business. */
  async function octoberShop() {
    const owner = await signedInOwner(t, { commissionRate: 10, name: 'Horchatería Santa Catalina', createdAt: new Date('2026-08-20T10:00:00Z') });
    const gift = await createGift(t.database.db, { businessId: owner.business.id, name: 'Horchata; fartons "grandes"', price: 2500 });
    const buyer = await createUser(t.database.db);
    const db = t.database.db;
    // 30 Sept, 23:30 in Madrid (summer time, UTC+2): September's, so it is in the opening balance.
    const september = await createOrder(db, { buyerId: buyer.id, giftId: gift.id, status: 'paid', createdAt: new Date('2026-09-30T21:29:00Z'), paidAt: new Date('2026-09-30T21:30:00Z') });
    // 1 Oct, 00:30 in Madrid: October's, though it is still 30 September in UTC.
    const october = await createOrder(db, {
      buyerId: buyer.id,
      giftId: gift.id,
      status: 'redeemed',
      createdAt: new Date('2026-09-30T22:29:00Z'),
      paidAt: new Date('2026-09-30T22:30:00Z'),
      // 31 Oct, 23:30 in Madrid (winter time now, UTC+1): still October.
      redeemedAt: new Date('2026-10-31T22:30:00Z'),
    });
    // Paid and refunded by the team within October.
    const cancelled = await createOrder(db, {
      buyerId: buyer.id,
      giftId: gift.id,
      status: 'cancelled',
      createdAt: new Date('2026-10-05T09:00:00Z'),
      paidAt: new Date('2026-10-05T09:01:00Z'),
      cancelledAt: new Date('2026-10-07T09:00:00Z'),
    });
    // Redeemed 1 Nov, 00:30 in Madrid: November's, not October's.
    await createOrder(db, {
      buyerId: buyer.id,
      giftId: gift.id,
      status: 'redeemed',
      createdAt: new Date('2026-10-20T09:00:00Z'),
      paidAt: new Date('2026-10-20T09:01:00Z'),
      redeemedAt: new Date('2026-10-31T23:30:00Z'),
    });
    // September's share leaves on 14 October (the transfers job's ledger row).
    await recordLedgerEntries(db, [
      { kind: 'transfer_sent', amount: 2197, businessId: owner.business.id, orderId: september.id, providerRef: 'tr_test_1', at: new Date('2026-10-14T21:30:00Z') },
    ]);
    return { ...owner, september, october, cancelled };
  }

  it("adds up a month that ends summer time: opening, the month's orders and transfers, closing", async () => {
    const { cookie, october, cancelled, september } = await octoberShop();
    const res = await as(t, cookie)({ method: 'GET', url: '/api/business/statements/2026-10' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const statement = res.json<Statement>();
    expect(statement).toMatchObject({ month: '2026-10', from: '2026-09-30T22:00:00.000Z', to: '2026-10-31T23:00:00.000Z' });
    expect(statement.openingBalance).toBe(2197);
    const amounts = { gross: 2500, commission: 250, commissionVat: 53, share: 2197 };
    expect(statement.lines.map(({ kind, orderId, balanceChange, balance }) => ({ kind, orderId, balanceChange, balance }))).toEqual([
      { kind: 'order_paid', orderId: october.id, balanceChange: 2197, balance: 4394 },
      { kind: 'order_paid', orderId: cancelled.id, balanceChange: 2197, balance: 6591 },
      { kind: 'order_cancelled', orderId: cancelled.id, balanceChange: -2197, balance: 4394 },
      { kind: 'transfer_sent', orderId: september.id, balanceChange: -2197, balance: 2197 },
      expect.objectContaining({ kind: 'order_paid', balanceChange: 2197, balance: 4394 }),
      { kind: 'order_redeemed', orderId: october.id, balanceChange: 0, balance: 4394 },
    ]);
    expect(statement.lines[0]).toMatchObject({ ...amounts, at: '2026-09-30T22:30:00.000Z', giftName: 'Horchata; fartons "grandes"' });
    expect(statement.lines[2]).toMatchObject({ gross: -2500, commission: -250, commissionVat: -53, share: -2197 });
    expect(statement.lines[3]).toMatchObject({ providerRef: 'tr_test_1' });
    expect(statement.lines[5]).toMatchObject(amounts);
    // The closing balance is the ledger's own sum, and the lines lead to it.
    expect(statement.closingBalance).toBe(4394);
    expect(statement.totals).toEqual({ gross: 7500, commission: 750, commissionVat: 159, share: 6591, refunded: 2197, transferred: 2197, reversed: 0 });
    expect(statement.openingBalance + statement.lines.reduce((s, l) => s + l.balanceChange, 0)).toBe(statement.closingBalance);

    // November opens where October closed, and holds the redemption of 1 November, 00:30.
    const november = (await as(t, cookie)({ method: 'GET', url: '/api/business/statements/2026-11' })).json<Statement>();
    expect(november.openingBalance).toBe(4394);
    expect(november.lines.map((l) => l.kind)).toEqual(['order_redeemed']);
  });

  it('writes the CSV for a Spanish spreadsheet, byte for byte, in the asked language', async () => {
    const { cookie, october, cancelled, september } = await octoberShop();
    const res = await as(t, cookie)({ method: 'GET', url: '/api/business/statements/2026-10/csv?lang=es' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="regalo-extracto-horchateria-santa-catalina-2026-10.csv"');
    const gift = '"Horchata; fartons ""grandes"""';
    const expected =
      '\uFEFF' +
      [
        'Fecha;Concepto;Pedido;Regalo;Importe bruto;Comisión;IVA de la comisión;Tu parte;Movimiento del saldo;Saldo',
        '01/10/2026;Saldo inicial;;;;;;;;21,97',
        `01/10/2026;Pedido pagado;${october.id};${gift};25,00;2,50;0,53;21,97;21,97;43,94`,
        `05/10/2026;Pedido pagado;${cancelled.id};${gift};25,00;2,50;0,53;21,97;21,97;65,91`,
        `07/10/2026;Pedido cancelado (reembolsado);${cancelled.id};${gift};-25,00;-2,50;-0,53;-21,97;-21,97;43,94`,
        `14/10/2026;Transferencia enviada;${september.id};${gift};;;;;-21,97;21,97`,
      ].join('\r\n');
    const body = res.rawPayload.toString('utf8');
    // The order paid on 20 October has a random id: check the lines around it exactly.
    const lines = body.split('\r\n');
    expect(lines.slice(0, 6).join('\r\n')).toBe(expected);
    expect(lines[6]).toMatch(new RegExp(`^20/10/2026;Pedido pagado;[0-9a-f-]{36};${gift.replace(/[.*+?^${}()|[\]\\"]/g, '\\$&')};25,00;2,50;0,53;21,97;21,97;43,94$`));
    expect(lines.slice(7)).toEqual([`31/10/2026;Pedido canjeado;${october.id};${gift};25,00;2,50;0,53;21,97;0,00;43,94`, '31/10/2026;Saldo final;;;;;;;;43,94', '']);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    // Without ?lang the owner's own language (English by default) names the columns.
    const english = await as(t, cookie)({ method: 'GET', url: '/api/business/statements/2026-10/csv' });
    expect(english.rawPayload.toString('utf8').split('\r\n')[0]).toBe('\uFEFFDate;Concept;Order;Gift;Gross;Commission;Commission VAT;Your share;Balance change;Balance');
  });

  it("lists the business's months and refuses one outside its life", async () => {
    const { cookie } = await octoberShop();
    const months = await as(t, cookie)({ method: 'GET', url: '/api/business/statements' });
    expect(months.json()).toEqual({ months: ['2026-11', '2026-10', '2026-09', '2026-08'] });
    for (const month of ['2026-07', '2026-12']) {
      const res = await as(t, cookie)({ method: 'GET', url: `/api/business/statements/${month}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('statement_not_found');
    }
    expect((await as(t, cookie)({ method: 'GET', url: '/api/business/statements/2026-13' })).statusCode).toBe(400);
  });

  it("shows an owner only their own business's statement; the admin any, and a month's totals", async () => {
    const shop = await octoberShop();
    const other = await signedInOwner(t, { createdAt: new Date('2026-08-01T10:00:00Z') });
    const theirs = (await as(t, other.cookie)({ method: 'GET', url: '/api/business/statements/2026-10' })).json<Statement>();
    expect(theirs.businessId).toBe(other.business.id);
    expect(theirs.lines).toEqual([]);

    const admin = await signedInUser(t, 'admin');
    const res = await as(t, admin.cookie)({ method: 'GET', url: `/api/admin/businesses/${shop.business.id}/statements/2026-10` });
    expect(res.json<Statement>()).toMatchObject({ businessId: shop.business.id, openingBalance: 2197, closingBalance: 4394 });
    const totals = await as(t, admin.cookie)({ method: 'GET', url: '/api/admin/statements/2026-10' });
    const row = totals.json().businesses.find((b: { businessId: string }) => b.businessId === shop.business.id);
    expect(row).toEqual({
      businessId: shop.business.id,
      businessName: 'Horchatería Santa Catalina',
      openingBalance: 2197,
      closingBalance: 4394,
      gross: 7500,
      commission: 750,
      commissionVat: 159,
      share: 6591,
      refunded: 2197,
      transferred: 2197,
      reversed: 0,
    });
    expect((await as(t, shop.cookie)({ method: 'GET', url: '/api/admin/statements/2026-10' })).statusCode).toBe(403);
  });
});
