import { and, eq } from 'drizzle-orm';
import { CARD_USE_UNDO_MINUTES } from '@shared/contracts/redemption';
import { remainingValue, type GiftMovementKind } from '@shared/domain/gift-movements';
import type { Executor } from '../../db/client';
import { giftMovements, orders, redemptions, redemptionUndos } from '../../db/schema/orders';
import { recordRedemptionUndo } from '../../money/ledger/record-redemption-undo';
import { AppError } from '../../platform/errors';
import { recordAdminAction, type AdminActor } from '../admin/record-admin-action';

export type CardUseUndoer =
  /** The business at its counter: its own uses, within CARD_USE_UNDO_MINUTES. */
  | { as: 'business'; businessId: string; userId: string }
  /** The Regalo team from the admin: any use at any time, audited. */
  | { as: 'team'; actor: AdminActor };

/**
 * Undoes one use of a gift card (ADR 104), shared by the counter and the admin. In one
 * transaction, with the card's order row locked (so an undo, a use and a withdrawal of one
 * card are decided one after the other): the checks, the reversing movement with its ledger
 * row and record (the money module), a spent card made usable again, and for the team the
 * audit row. Only a live card's use: a withdrawn, cancelled or expired card's balance was
 * already settled, and value given back to it would be money nobody holds.
 * Returns the card's order id and its balance afterwards.
 */
export async function undoCardUse(
  db: Executor,
  input: { useId: string; undoer: CardUseUndoer; reason: string; now: Date },
): Promise<{ orderId: string; balanceCents: number }> {
  const { undoer, now } = input;
  return db.transaction(async (tx) => {
    const [use] = await tx.select().from(redemptions).where(eq(redemptions.id, input.useId));
    if (!use || (undoer.as === 'business' && use.businessId !== undoer.businessId)) {
      throw new AppError('card_use_not_found', 404, 'No use of your gift cards has this id');
    }
    const [card] = await tx
      .select({ status: orders.status, valueKind: orders.valueKind, expiresAt: orders.expiresAt })
      .from(orders)
      .where(eq(orders.id, use.orderId))
      .for('update');
    if (card!.valueKind !== 'card') throw new AppError('gift_not_card', 409, 'Only a gift card’s use can be undone');
    const [undone] = await tx.select({ id: redemptionUndos.id }).from(redemptionUndos).where(eq(redemptionUndos.redemptionId, use.id));
    if (undone) throw new AppError('card_use_already_undone', 409, 'This use was already undone');
    if (undoer.as === 'business' && now.getTime() - use.createdAt.getTime() > CARD_USE_UNDO_MINUTES * 60_000) {
      throw new AppError('undo_window_over', 409, `A use can be undone at the counter within ${CARD_USE_UNDO_MINUTES} minutes; after that, ask Regalo`);
    }
    if (!(card!.status === 'paid' || card!.status === 'redeemed') || card!.expiresAt < now) {
      throw new AppError('card_not_live', 409, 'This card was withdrawn, cancelled or has expired since');
    }
    const before = await balanceOf(tx, use.orderId);
    await recordRedemptionUndo(tx, {
      redemptionId: use.id,
      undoneBy: undoer.as === 'business' ? undoer.userId : undoer.actor.id,
      undoneAs: undoer.as,
      reason: input.reason,
      at: now,
    });
    // A card spent to the last cent is usable again.
    if (card!.status === 'redeemed') {
      await tx.update(orders).set({ status: 'paid', redeemedAt: null, updatedAt: now }).where(and(eq(orders.id, use.orderId), eq(orders.status, 'redeemed')));
    }
    const after = await balanceOf(tx, use.orderId);
    if (undoer.as === 'team') {
      await recordAdminAction(
        tx,
        undoer.actor,
        { action: 'card_use_undone', targetType: 'order', targetId: use.orderId, before: { useId: use.id, balanceCents: before }, after: { balanceCents: after }, reason: input.reason },
        now,
      );
    }
    return { orderId: use.orderId, balanceCents: after };
  });
}

async function balanceOf(tx: Executor, orderId: string): Promise<number> {
  const rows = await tx.select({ kind: giftMovements.kind, amount: giftMovements.amount }).from(giftMovements).where(eq(giftMovements.orderId, orderId));
  return remainingValue(rows.map((m) => ({ kind: m.kind as GiftMovementKind, amount: m.amount })));
}
