import { and, eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/admin-audit-log';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { giftMovements, orders, redemptions, redemptionUndos } from '../../db/schema/orders';
import { ledgerEntries, transfers } from '../../db/schema/payouts';
import { recordExpiryMovements } from '../../money/ledger/record-expiry';
import { createClock } from '../../money/payouts-test-world';
import { as, signedInUser } from '../../testing/dashboard-test-world';
import { createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { counter } from './redemption-test-world';

const MINUTE = 60_000;

/** Gift cards at the counter (ADR 104): uses of an amount, their undo, expiry. */
describe('gift cards at the counter', () => {
  // Real time (sessions are signed in at it), moved on by minutes for the undo window.
  const clock = createClock(new Date());
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  let keys = 0;
  const key = () => `use-key-${Date.now()}-${keys++}`;

  async function cardShop(amountCents = 5000, expiresAt?: Date) {
    const shop = await counter(t, { name: `La Palmera ${keys++}` });
    const buyer = await createUser(t.database.db);
    const card = await createOrder(t.database.db, { buyerId: buyer.id, giftId: shop.gift.id, valueKind: 'card', amountCents, recipientEmail: 'marta@example.com', recipientLocale: 'es', now: clock.now(), expiresAt });
    const request = as(t, shop.cookie);
    return {
      ...shop,
      card,
      use: (amountCents: unknown, idempotencyKey: string = key(), code: string = card.qrCode) =>
        request({ method: 'POST', url: '/api/business/redemptions', payload: { code, amountCents, idempotencyKey } }),
      undo: (useId: string, reason: unknown = 'Wrong amount typed') => request({ method: 'POST', url: `/api/business/redemptions/uses/${useId}/undo`, payload: { reason } }),
    };
  }

  const movementsOf = (orderId: string) => t.database.db.select().from(giftMovements).where(eq(giftMovements.orderId, orderId));

  it('three uses, then the balance: each a movement with its ledger row, the first bringing the transfer forward, the last marking it spent', async () => {
    const shop = await cardShop(5000);
    const lookup = await shop.lookup(shop.card.typedCode!);
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json().card).toEqual({ amountCents: 5000, balanceCents: 5000, uses: [] });

    const first = await shop.use(1840, key(), shop.card.typedCode!);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ redeemedCents: 1840, remainingCents: 3160, status: 'paid', card: { balanceCents: 3160 } });
    const [transfer] = await t.database.db.select().from(transfers).where(eq(transfers.orderId, shop.card.id));
    expect(transfer!.nextAttemptAt!.getTime()).toBe(clock.now().getTime());

    clock.set(new Date(clock.now().getTime() + MINUTE));
    expect((await shop.use(1000)).json()).toMatchObject({ redeemedCents: 1000, remainingCents: 2160 });
    // Later uses move no money: the transfer keeps the first use's moment.
    const [still] = await t.database.db.select().from(transfers).where(eq(transfers.orderId, shop.card.id));
    expect(still!.nextAttemptAt).toEqual(transfer!.nextAttemptAt);
    clock.set(new Date(clock.now().getTime() + MINUTE));
    const last = await shop.use(2160);
    expect(last.json()).toMatchObject({ redeemedCents: 2160, remainingCents: 0, status: 'redeemed' });
    expect(last.json().card.uses.map((u: { amountCents: number }) => u.amountCents)).toEqual([2160, 1000, 1840]);

    const redeemed = (await movementsOf(shop.card.id)).filter((m) => m.kind === 'redeemed');
    expect(redeemed.map((m) => m.amount).sort()).toEqual([1000, 1840, 2160]);
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'gift_redeemed'));
    expect(rows.filter((r) => redeemed.some((m) => m.id === r.movementId)).map((r) => r.amount).sort()).toEqual([1000, 1840, 2160]);
    // Spent: nothing more.
    const more = await shop.use(1);
    expect(more.statusCode).toBe(409);
    expect(more.json().code).toBe('order_already_redeemed');
    // The holder was told each time, with the amount, the place and the balance left.
    const mails = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.template, 'card-used'), eq(mailOutbox.to, 'marta@example.com')));
    const texts = mails.map((m) => JSON.stringify(m));
    expect(texts.some((m) => m.includes('18,40') && m.includes('31,60') && m.includes(shop.business.name))).toBe(true);
  });

  it('refuses 0, negative and non-integer amounts with the field error, and more than the balance with what is available; nothing changes', async () => {
    const shop = await cardShop(2000);
    for (const amount of [0, -5, 12.5, '10', null]) {
      const res = await shop.use(amount);
      expect(res.statusCode, `${amount}`).toBe(400);
      expect(res.json().fields).toEqual({ amountCents: 'amountInvalid' });
    }
    const res = await shop.use(2001);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'insufficient_balance', availableCents: 2000 });
    expect((await movementsOf(shop.card.id)).map((m) => m.kind)).toEqual(['issued']);
    // The whole balance at once is fine.
    expect((await shop.use(2000)).json()).toMatchObject({ redeemedCents: 2000, remainingCents: 0 });
  });

  it('a repeated key answers the same use and spends nothing more; the key with another amount is refused', async () => {
    const shop = await cardShop(3000);
    const k = key();
    const once = await shop.use(700, k);
    const again = await shop.use(700, k);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ redeemedCents: 700, remainingCents: 2300 });
    expect(once.json().card).toEqual(again.json().card);
    expect((await movementsOf(shop.card.id)).filter((m) => m.kind === 'redeemed')).toHaveLength(1);
    const other = await shop.use(800, k);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_key_reused');
    // A later use, then the first request repeated (a retry that arrives late): the same
    // answer as the first time, the balance that use left, and nothing more spent.
    clock.set(new Date(clock.now().getTime() + MINUTE));
    expect((await shop.use(500)).json()).toMatchObject({ redeemedCents: 500, remainingCents: 1800 });
    clock.set(new Date(clock.now().getTime() + MINUTE));
    const late = await shop.use(700, k);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ redeemedCents: 700, remainingCents: 2300, card: { balanceCents: 1800 } });
    expect((await movementsOf(shop.card.id)).filter((m) => m.kind === 'redeemed').map((m) => m.amount).sort()).toEqual([500, 700]);
    // An amount needs its key.
    const noKey = await as(t, shop.cookie)({ method: 'POST', url: '/api/business/redemptions', payload: { code: shop.card.qrCode, amountCents: 100 } });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().fields).toEqual({ idempotencyKey: 'idempotencyKeyInvalid' });
  });

  it("another business cannot use the card; a card needs an amount and a fixed gift takes none, still redeeming whole", async () => {
    const shop = await cardShop(3000);
    const other = await cardShop(3000);
    const byCode = await other.use(100, key(), shop.card.qrCode);
    expect(byCode.statusCode).toBe(403);
    expect(byCode.json().code).toBe('order_other_business');
    const byTyped = await other.use(100, key(), shop.card.typedCode!);
    expect(byTyped.statusCode).toBe(404);
    expect((await movementsOf(shop.card.id)).map((m) => m.kind)).toEqual(['issued']);

    const whole = await shop.redeem(shop.card.qrCode);
    expect(whole.statusCode).toBe(400);
    expect(whole.json().fields).toEqual({ amountCents: 'amountRequired' });

    const { order: fixed } = await shop.order();
    const withAmount = await shop.use(100, key(), fixed.qrCode);
    expect(withAmount.statusCode).toBe(409);
    expect(withAmount.json().code).toBe('gift_not_card');
    const redeemed = await shop.redeem(fixed.qrCode);
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().status).toBe('redeemed');
    expect(redeemed.json().card).toBeUndefined();
  });

  it('the business undoes a use within 30 minutes with a reason; after that only the team can, audited', async () => {
    const shop = await cardShop(5000);
    const spent = (await shop.use(1200)).json();
    const useId = spent.card.uses[0].id as string;
    expect(spent.card.uses[0].undoableUntil).toBe(new Date(clock.now().getTime() + 30 * MINUTE).toISOString());

    expect((await shop.undo(useId, '  ')).json().fields).toEqual({ reason: 'required' });
    const stranger = await cardShop(5000);
    expect((await stranger.undo(useId)).json().code).toBe('card_use_not_found');

    clock.set(new Date(clock.now().getTime() + 29 * MINUTE));
    const undone = await shop.undo(useId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().card.balanceCents).toBe(5000);
    expect(undone.json().card.uses[0]).toMatchObject({ id: useId, undoableUntil: null, undone: { reason: 'Wrong amount typed' } });
    const again = await shop.undo(useId);
    expect(again.json().code).toBe('card_use_already_undone');
    const kinds = (await movementsOf(shop.card.id)).map((m) => m.kind).sort();
    expect(kinds).toEqual(['issued', 'redeemed', 'redemption_undone']);
    const [undoRow] = await t.database.db.select().from(redemptionUndos).where(eq(redemptionUndos.redemptionId, useId));
    expect(undoRow).toMatchObject({ undoneAs: 'business', undoneBy: shop.user.id, reason: 'Wrong amount typed' });

    // A later use, undone too late by the business: the team does it, and it is audited.
    const later = (await shop.use(800)).json().card.uses[0].id as string;
    clock.set(new Date(clock.now().getTime() + 31 * MINUTE));
    const late = await shop.undo(later);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('undo_window_over');
    const owner = await as(t, shop.cookie)({ method: 'POST', url: `/api/admin/card-uses/${later}/undo`, payload: { reason: 'x' } });
    expect(owner.statusCode).toBe(403);
    const admin = await signedInUser(t, 'admin');
    const team = await as(t, admin.cookie)({ method: 'POST', url: `/api/admin/card-uses/${later}/undo`, payload: { reason: 'Counter mistake reported by phone' } });
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json()).toEqual({ orderId: shop.card.id, balanceCents: 5000 });
    const audit = await t.database.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.action, 'card_use_undone'), eq(adminAuditLog.targetId, shop.card.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.user.id, reason: 'Counter mistake reported by phone', before: { useId: later, balanceCents: 4200 }, after: { balanceCents: 5000 } });
    // The team finds the card by the typed code the holder reads out, and sees its movements.
    const typed = `${shop.card.typedCode!.slice(0, 4)}-${shop.card.typedCode!.slice(4)}`.toLowerCase();
    const found = await as(t, admin.cookie)({ method: 'GET', url: `/api/admin/orders?code=${typed}` });
    expect(found.json().items.map((o: { id: string }) => o.id)).toContain(shop.card.id);
    expect(found.json().items.find((o: { id: string }) => o.id === shop.card.id).valueKind).toBe('card');
    const movements = await as(t, admin.cookie)({ method: 'GET', url: `/api/admin/orders/${shop.card.id}/movements` });
    expect(movements.statusCode, movements.body).toBe(200);
    expect(movements.json()).toMatchObject({ valueKind: 'card', balanceCents: 5000 });
    // (The factory pays a minute after the card is placed: the time, not its place, is the factory's.)
    const seen = movements.json().movements.map((m: { kind: string; amountCents: number; undo: { undoneAs: string } | null }) => `${m.kind}:${m.amountCents}:${m.undo?.undoneAs ?? ''}`);
    expect(seen.sort()).toEqual(['issued:5000:', 'redeemed:1200:', 'redeemed:800:', 'redemption_undone:1200:business', 'redemption_undone:800:team']);
    // Each use names its record, the id the team's undo takes; nothing else does.
    const uses = movements.json().movements.map((m: { kind: string; useId: string | null }) => [m.kind, m.useId]);
    expect(uses.filter(([, id]: [string, string | null]) => id !== null).sort()).toEqual([['redeemed', useId], ['redeemed', later]].sort());
    const undoLedger = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'gift_redemption_undone'));
    expect(undoLedger.filter((e) => e.businessId === shop.business.id).map((e) => e.amount).sort()).toEqual([1200, 800]);
  });

  it('undoing the use that spent a card makes it usable again', async () => {
    const shop = await cardShop(1500);
    const spent = (await shop.use(1500)).json();
    expect(spent.status).toBe('redeemed');
    const undone = await shop.undo(spent.card.uses[0].id);
    expect(undone.json()).toMatchObject({ status: 'paid', redeemedAt: null, card: { balanceCents: 1500 } });
    const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, shop.card.id));
    expect(row!.status).toBe('paid');
    expect((await shop.use(500)).json()).toMatchObject({ remainingCents: 1000 });
  });

  it('the database refuses an undo that is not exactly one use of the same card', async () => {
    const shop = await cardShop(3000);
    const use = (await shop.use(1000)).json().card.uses[0].id as string;
    const [record] = await t.database.db.select().from(redemptions).where(eq(redemptions.id, use));
    const attempt = (amount: number, orderId = shop.card.id) =>
      t.database.db
        .insert(giftMovements)
        .values({ orderId, kind: 'redemption_undone', amount, reversesMovementId: record!.movementId, idempotencyKey: `test-undo-${keys++}`, createdAt: clock.now() })
        .then(() => 'accepted', (e: Error & { cause?: Error }) => String(e.cause?.message ?? e.message));
    expect(await attempt(1500)).toMatch(/an undo gives back one use/);
    const other = await cardShop(3000);
    expect(await attempt(1000, other.card.id)).toMatch(/an undo gives back one use/);
  });

  it('an expired card: its balance is an expired movement, it can no longer be used or undone, and an extension gives the balance back', async () => {
    const shop = await cardShop(4000, new Date(clock.now().getTime() + 2 * MINUTE));
    const use = (await shop.use(1500)).json().card.uses[0].id as string;
    clock.set(new Date(clock.now().getTime() + 3 * MINUTE));
    // What the expiry job (features/order-expiry) does, step for step.
    await t.database.db.transaction(async (tx) => {
      const rows = await tx.update(orders).set({ status: 'expired' }).where(and(eq(orders.id, shop.card.id), lt(orders.expiresAt, clock.now()))).returning({ id: orders.id });
      await recordExpiryMovements(tx, rows.map((r) => r.id), clock.now());
    });
    const expired = (await movementsOf(shop.card.id)).filter((m) => m.kind === 'expired');
    expect(expired.map((m) => m.amount)).toEqual([2500]);
    expect((await shop.use(100)).json().code).toBe('order_expired');
    expect((await shop.undo(use)).json().code).toBe('card_not_live');

    // The fair-expiry extension (ADR 064) gives the card its balance back, not its amount.
    const admin = await signedInUser(t, 'admin');
    const later = new Date(clock.now().getTime() + 60 * 24 * 60 * MINUTE).toISOString().slice(0, 10);
    const extended = await as(t, admin.cookie)({ method: 'POST', url: `/api/admin/orders/${shop.card.id}/extend-expiry`, payload: { expiresOn: later, reason: 'Asked for more time' } });
    expect(extended.statusCode, extended.body).toBe(200);
    expect((await shop.lookup(shop.card.qrCode)).json()).toMatchObject({ status: 'paid', card: { balanceCents: 2500 } });
    expect((await shop.use(2500)).json()).toMatchObject({ redeemedCents: 2500, remainingCents: 0, status: 'redeemed' });
  });
});
