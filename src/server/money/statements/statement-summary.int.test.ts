import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '@shared/contracts/statements';
import { users } from '../../db/schema/auth';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { recordLedgerEntries } from '../ledger/record-ledger-entries';
import { as, signedInOwner } from '../../testing/dashboard-test-world';
import { createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendStatementEmails } from './send-statement-emails';

/** `1.234,56 €` / `-21,97 €` → cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[\s\u00a0\u202f€.]/g, '').replace(',', '.')) * 100);
const csvCents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

describe('a statement adds up line by line on every surface', () => {
  let t: TestApp;
  // 1 January 2027, 09:00 in Madrid: December has just closed.
  let now = new Date('2027-01-01T08:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t.close());

  /** An owner who reads Spanish, as La Palmera's does. */
  async function spanishOwner(name: string) {
    const owner = await signedInOwner(t, { commissionRate: 10, name, createdAt: new Date('2026-11-01T10:00:00Z') });
    await t.database.db.update(users).set({ locale: 'es' }).where(eq(users.id, owner.user.id));
    return owner;
  }

  /**
   * La Palmera's shape: a December with payments, a refund, transfers and a reversal (a
   * transferred order cancelled by the team), on top of November's balance. Every order is
   * 25,00 € at 10 %: 2,50 € commission, 0,53 € IVA, 21,97 € for the business.
   */
  async function laPalmera() {
    const owner = await spanishOwner('La Palmera');
    const db = t.database.db;
    const gift = await createGift(db, { businessId: owner.business.id, name: 'Paella para dos', price: 2500 });
    const buyer = await createUser(db);
    const order = (status: 'paid' | 'redeemed' | 'cancelled', paidAt: string, extra: { redeemedAt?: string; cancelledAt?: string } = {}) =>
      createOrder(db, {
        buyerId: buyer.id,
        giftId: gift.id,
        status,
        createdAt: new Date(new Date(paidAt).getTime() - 60_000),
        paidAt: new Date(paidAt),
        redeemedAt: extra.redeemedAt ? new Date(extra.redeemedAt) : undefined,
        cancelledAt: extra.cancelledAt ? new Date(extra.cancelledAt) : undefined,
      });
    // November: two paid orders make December's opening balance (43,94 €).
    const redeemed = await order('redeemed', '2026-11-10T10:00:00Z', { redeemedAt: '2026-11-20T10:00:00Z' });
    const reversed = await order('cancelled', '2026-11-12T10:00:00Z', { cancelledAt: '2026-12-12T10:00:00Z' });
    // December: one paid, one paid and refunded.
    await order('paid', '2026-12-02T10:00:00Z');
    await order('cancelled', '2026-12-04T10:00:00Z', { cancelledAt: '2026-12-08T10:00:00Z' });
    // Both November shares leave on 5 December; one comes back when its order is cancelled.
    await recordLedgerEntries(db, [
      { kind: 'transfer_sent', amount: 2197, businessId: owner.business.id, orderId: redeemed.id, providerRef: 'tr_palmera_1', at: new Date('2026-12-05T10:00:00Z') },
      { kind: 'transfer_sent', amount: 2197, businessId: owner.business.id, orderId: reversed.id, providerRef: 'tr_palmera_2', at: new Date('2026-12-05T10:00:01Z') },
      { kind: 'transfer_reversed', amount: 2197, businessId: owner.business.id, orderId: reversed.id, providerRef: 'tr_palmera_2', at: new Date('2026-12-12T09:59:00Z') },
      // November's invoice, issued on 1 December: its VAT (21 % of its base) a cent above what the orders withheld (ADR 093).
      { kind: 'invoice_vat_charged', amount: 1, businessId: owner.business.id, providerRef: 'R2026-000007', idempotencyKey: `invoice_vat_adjustment:${crypto.randomUUID()}`, at: new Date('2026-12-01T00:30:00Z') },
    ]);
    return owner;
  }

  it('shows opening, each movement kind (refunds and reversals too) and a closing that is their sum: summary, email, CSV', async () => {
    const owner = await laPalmera();
    const statement = (await as(t, owner.cookie)({ method: 'GET', url: '/api/business/statements/2026-12' })).json<Statement>();
    expect(statement.summary).toEqual({
      opening: 4394,
      movements: { paidShare: 4394, refundedShare: -4394, transferred: -4394, reversed: 2197, invoiceVat: -1 },
      closing: 2196,
      commission: { charged: 500, refunded: -500, net: 0 },
      commissionVat: { charged: 106, refunded: -106, adjusted: 1, net: 1 },
    });
    // The summary's closing is the ledger's, and the lines' running balance ends on it.
    expect(statement.closingBalance).toBe(2196);
    expect(statement.lines.at(-1)!.balance).toBe(2196);
    expect(statement).toMatchObject({ inProgress: false, closesAt: statement.to });

    // The email: one line per movement, and opening + the lines = closing as read.
    await sendStatementEmails({ ...t.app.ctx, now: () => now });
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.user.email));
    const read = (label: string) => {
      const match = mail!.text.match(new RegExp(`${label.replace(/[()]/g, '\\$&')}: (-?[\\d.]+,\\d\\d\\s€)`));
      expect(match, label).not.toBeNull();
      return cents(match![1]!);
    };
    const opening = read('Saldo inicial');
    const movements = [
      read('Tu parte de los regalos pagados'),
      read('Tu parte de los reembolsos a compradores'),
      read('Transferido a tu cuenta de cobros'),
      read('Transferencias revertidas (vuelven a Regalo)'),
      read('Ajustes de IVA de las facturas de Regalo (el IVA del total de cada factura menos el retenido pedido a pedido)'),
    ];
    expect([opening, ...movements]).toEqual([4394, 4394, -4394, -4394, 2197, -1]);
    expect(opening + movements.reduce((s, m) => s + m, 0)).toBe(read('Saldo final (lo que Regalo guarda para ti)'));

    // The CSV: opening + Σ balance change of each concept = closing.
    const csv = (await as(t, owner.cookie)({ method: 'GET', url: '/api/business/statements/2026-12/csv?lang=es' })).rawPayload.toString('utf8');
    const rows = csv.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1).map((r) => r.split(';'));
    const byConcept = new Map<string, number>();
    for (const row of rows.slice(1, -1)) byConcept.set(row[1]!, (byConcept.get(row[1]!) ?? 0) + csvCents(row[8]!));
    expect(Object.fromEntries(byConcept)).toEqual({
      'Pedido pagado': 4394,
      'Pedido cancelado (reembolsado)': -4394,
      'Transferencia enviada': -4394,
      'Transferencia revertida': 2197,
      'Ajuste de IVA de una factura': -1,
    });
    const [first, last] = [rows[0]!, rows.at(-1)!];
    expect(first.slice(0, 2)).toEqual(['01/12/2026', 'Saldo inicial']);
    expect(last.slice(0, 2)).toEqual(['31/12/2026', 'Saldo final']);
    expect(csvCents(first[9]!) + [...byConcept.values()].reduce((s, m) => s + m, 0)).toBe(csvCents(last[9]!));
  });

  it('writes a month with no transfer as 0,00 € transferred, never -0,00 €', async () => {
    const owner = await spanishOwner('Sin transferencias');
    const gift = await createGift(t.database.db, { businessId: owner.business.id, price: 2500 });
    await createOrder(t.database.db, { buyerId: (await createUser(t.database.db)).id, giftId: gift.id, status: 'paid', createdAt: new Date('2026-12-03T10:00:00Z'), paidAt: new Date('2026-12-03T10:01:00Z') });
    await sendStatementEmails({ ...t.app.ctx, now: () => now });
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.user.email));
    expect(mail!.text).toMatch(/Transferido a tu cuenta de cobros: 0,00\s€/);
    expect(mail!.text).not.toMatch(/-0,00/);
    const statement = (await as(t, owner.cookie)({ method: 'GET', url: '/api/business/statements/2026-12' })).json<Statement>();
    expect(Object.is(statement.totals.transferred, 0)).toBe(true);
    expect(statement.summary.movements).toEqual({ paidShare: 2197, refundedShare: 0, transferred: 0, reversed: 0, invoiceVat: 0 });
  });

  it('closes the month still running "to date": dated today, not on its last day ahead', async () => {
    const owner = await signedInOwner(t, { commissionRate: 10, name: 'Mes en curso', createdAt: new Date('2026-11-01T10:00:00Z') });
    const gift = await createGift(t.database.db, { businessId: owner.business.id, price: 2500 });
    await createOrder(t.database.db, { buyerId: (await createUser(t.database.db)).id, giftId: gift.id, status: 'paid', createdAt: new Date('2027-01-10T10:00:00Z'), paidAt: new Date('2027-01-10T10:01:00Z') });
    now = new Date('2027-01-15T10:00:00Z');
    const statement = (await as(t, owner.cookie)({ method: 'GET', url: '/api/business/statements/2027-01' })).json<Statement>();
    expect(statement).toMatchObject({ inProgress: true, closesAt: '2027-01-15T10:00:00.000Z' });
    const csv = (await as(t, owner.cookie)({ method: 'GET', url: '/api/business/statements/2027-01/csv?lang=es' })).rawPayload.toString('utf8');
    const last = csv.trim().split('\r\n').at(-1)!.split(';');
    expect(last.slice(0, 2)).toEqual(['15/01/2027', 'Saldo a fecha de hoy']);
    expect(csvCents(last[9]!)).toBe(2197);
    // A closed month still closes on its last day.
    now = new Date('2027-02-01T08:00:00Z');
    const closed = (await as(t, owner.cookie)({ method: 'GET', url: '/api/business/statements/2027-01' })).json<Statement>();
    expect(closed).toMatchObject({ inProgress: false, closesAt: closed.to });
  });
});
