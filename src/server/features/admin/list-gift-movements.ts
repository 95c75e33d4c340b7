import { asc, eq } from 'drizzle-orm';
import type { AdminGiftMovements } from '@shared/contracts/admin';
import { remainingValue, type GiftMovementKind, type GiftValueKind } from '@shared/domain/gift-movements';
import type { Executor } from '../../db/client';
import { giftMovements, orders, redemptions, redemptionUndos } from '../../db/schema/orders';
import { AppError } from '../../platform/errors';

/** A gift's movements for the team (ADR 096, 104): a card's uses, undos, refunds, expiries, and its balance. */
export async function listGiftMovements(db: Executor, orderId: string): Promise<AdminGiftMovements> {
  const [order] = await db.select({ valueKind: orders.valueKind }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw AppError.notFound('No such order');
  const rows = await db
    .select({ movement: giftMovements, useId: redemptions.id, reason: redemptionUndos.reason, undoneAs: redemptionUndos.undoneAs })
    .from(giftMovements)
    .leftJoin(redemptions, eq(redemptions.movementId, giftMovements.id))
    .leftJoin(redemptionUndos, eq(redemptionUndos.movementId, giftMovements.id))
    .where(eq(giftMovements.orderId, orderId))
    .orderBy(asc(giftMovements.createdAt), asc(giftMovements.id));
  return {
    orderId,
    valueKind: order.valueKind as GiftValueKind,
    balanceCents: remainingValue(rows.map(({ movement: m }) => ({ kind: m.kind as GiftMovementKind, amount: m.amount }))),
    movements: rows.map(({ movement: m, useId, reason, undoneAs }) => ({
      id: m.id,
      kind: m.kind as GiftMovementKind,
      amountCents: m.amount,
      at: m.createdAt.toISOString(),
      reversesMovementId: m.reversesMovementId,
      useId,
      undo: reason !== null && undoneAs !== null ? { reason, undoneAs: undoneAs as 'business' | 'team' } : null,
    })),
  };
}
