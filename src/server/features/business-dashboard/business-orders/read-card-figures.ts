import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DashboardCardFigures } from '@shared/contracts/business-dashboard';
import { giftMovementSigns, type GiftMovementKind } from '@shared/domain/gift-movements';
import type { Executor } from '../../../db/client';
import { giftMovements, redemptions, redemptionUndos } from '../../../db/schema/orders';

/**
 * The owner's figures for each gift card among `orderIds` (ADR 104), from its movements and
 * uses, in two grouped queries for the whole page rather than one per card.
 */
export async function readCardFigures(db: Executor, orderIds: readonly string[]): Promise<Map<string, DashboardCardFigures>> {
  const figures = new Map<string, DashboardCardFigures>();
  if (orderIds.length === 0) return figures;
  const sums = await db
    .select({ orderId: giftMovements.orderId, kind: giftMovements.kind, amount: sql<number>`sum(${giftMovements.amount})::int` })
    .from(giftMovements)
    .where(inArray(giftMovements.orderId, [...orderIds]))
    .groupBy(giftMovements.orderId, giftMovements.kind);
  const uses = await db
    .select({ orderId: redemptions.orderId, n: sql<number>`count(*)::int` })
    .from(redemptions)
    .leftJoin(redemptionUndos, eq(redemptionUndos.redemptionId, redemptions.id))
    .where(and(inArray(redemptions.orderId, [...orderIds]), isNull(redemptionUndos.id)))
    .groupBy(redemptions.orderId);
  for (const id of orderIds) figures.set(id, { amountCents: 0, spentCents: 0, balanceCents: 0, uses: 0 });
  for (const row of sums) {
    const card = figures.get(row.orderId)!;
    const kind = row.kind as GiftMovementKind;
    card.balanceCents += giftMovementSigns[kind] * row.amount;
    if (kind === 'issued') card.amountCents += row.amount;
    if (kind === 'redeemed') card.spentCents += row.amount;
    if (kind === 'redemption_undone') card.spentCents -= row.amount;
  }
  for (const row of uses) figures.get(row.orderId)!.uses = row.n;
  return figures;
}
