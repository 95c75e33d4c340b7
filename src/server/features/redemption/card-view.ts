import { desc, eq } from 'drizzle-orm';
import { CARD_USE_UNDO_MINUTES, type CardView } from '@shared/contracts/redemption';
import { remainingValue, type GiftMovementKind } from '@shared/domain/gift-movements';
import type { Executor } from '../../db/client';
import { giftMovements, redemptions, redemptionUndos } from '../../db/schema/orders';

const UNDO_WINDOW_MS = CARD_USE_UNDO_MINUTES * 60_000;

/** When a use stops being the business's to undo (ADR 104). */
export const undoableUntil = (usedAt: Date) => new Date(usedAt.getTime() + UNDO_WINDOW_MS);

/**
 * A gift card as the counter sees it (ADR 104): its amount, the balance (the sum of its
 * movements, never stored) and its uses, newest first, each with its undo when it has one.
 */
export async function readCardView(db: Executor, orderId: string, now: Date): Promise<CardView> {
  const movements = await db.select({ kind: giftMovements.kind, amount: giftMovements.amount }).from(giftMovements).where(eq(giftMovements.orderId, orderId));
  const uses = await db
    .select({
      id: redemptions.id,
      amount: giftMovements.amount,
      at: redemptions.createdAt,
      undoneAt: redemptionUndos.createdAt,
      undoReason: redemptionUndos.reason,
    })
    .from(redemptions)
    .innerJoin(giftMovements, eq(giftMovements.id, redemptions.movementId))
    .leftJoin(redemptionUndos, eq(redemptionUndos.redemptionId, redemptions.id))
    .where(eq(redemptions.orderId, orderId))
    .orderBy(desc(redemptions.createdAt), desc(redemptions.id));
  return {
    amountCents: movements.filter((m) => m.kind === 'issued').reduce((sum, m) => sum + m.amount, 0),
    balanceCents: remainingValue(movements.map((m) => ({ kind: m.kind as GiftMovementKind, amount: m.amount }))),
    uses: uses.map((use) => ({
      id: use.id,
      amountCents: use.amount,
      at: use.at.toISOString(),
      undoableUntil: use.undoneAt === null && undoableUntil(use.at) > now ? undoableUntil(use.at).toISOString() : null,
      undone: use.undoneAt === null ? null : { at: use.undoneAt.toISOString(), reason: use.undoReason ?? '' },
    })),
  };
}
