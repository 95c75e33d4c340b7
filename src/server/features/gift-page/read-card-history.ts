import { asc, eq } from 'drizzle-orm';
import { giftMovementSigns, type GiftMovementKind } from '@shared/domain/gift-movements';
import type { Executor } from '../../db/client';
import { giftMovements } from '../../db/schema/orders';

/** A gift card as its holder reads it (ADR 108): what it started with, what is left, each use. */
export interface CardHistory {
  amountCents: number;
  balanceCents: number;
  /** Oldest first; `balanceAfterCents` is the balance right after that use. */
  uses: { at: Date; amountCents: number; balanceAfterCents: number; undone: boolean }[];
}

export interface CardMovement {
  id: string;
  kind: string;
  amount: number;
  reversesMovementId: string | null;
  createdAt: Date;
}

/**
 * The history from a card's movements in the order they happened. A kind this page does not
 * know moves nothing here rather than failing the holder's page; a use given back (`redemption_undone`,
 * ADR 104) stays listed, marked undone, and its amount returns to the balance when it was undone.
 */
export function cardHistoryFrom(movements: readonly CardMovement[]): CardHistory {
  const undone = new Set(movements.flatMap((m) => (m.reversesMovementId ? [m.reversesMovementId] : [])));
  let balance = 0;
  const uses: CardHistory['uses'] = [];
  // The issue comes first whatever its clock said (a card is worth nothing before it).
  // An undo written in the same instant as its use (one clock tick) still comes after it.
  const ordered = movements.filter((m) => m.kind === 'issued');
  for (const movement of movements.filter((m) => m.kind !== 'issued' && !m.reversesMovementId)) {
    ordered.push(movement, ...movements.filter((m) => m.reversesMovementId === movement.id));
  }
  ordered.push(...movements.filter((m) => m.reversesMovementId && !movements.some((other) => other.id === m.reversesMovementId)));
  for (const movement of ordered) {
    balance += (giftMovementSigns[movement.kind as GiftMovementKind] ?? 0) * movement.amount;
    if (movement.kind === 'redeemed') {
      uses.push({ at: movement.createdAt, amountCents: movement.amount, balanceAfterCents: balance, undone: undone.has(movement.id) });
    }
  }
  const amountCents = movements.filter((m) => m.kind === 'issued').reduce((sum, m) => sum + m.amount, 0);
  return { amountCents, balanceCents: balance, uses };
}

/** A card's movements, read for its holder's page, print card and mail. */
export async function readCardHistory(db: Executor, orderId: string): Promise<CardHistory> {
  const movements = await db
    .select({
      id: giftMovements.id,
      kind: giftMovements.kind,
      amount: giftMovements.amount,
      reversesMovementId: giftMovements.reversesMovementId,
      createdAt: giftMovements.createdAt,
    })
    .from(giftMovements)
    .where(eq(giftMovements.orderId, orderId))
    .orderBy(asc(giftMovements.createdAt), asc(giftMovements.id));
  return cardHistoryFrom(movements);
}
