import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { giftMovements, redemptions, redemptionUndos } from '../../db/schema/orders';
import { recordGiftMovement } from './record-gift-movement';
import { recordLedgerEntries } from './record-ledger-entries';

export interface RedemptionUndoInput {
  /** The use (its `redemptions` record) being undone. */
  redemptionId: string;
  undoneBy: string | null;
  /** The counter within its 30 minutes, or the Regalo team after (ADR 104). */
  undoneAs: 'business' | 'team';
  reason: string;
  at: Date;
}

/**
 * A card's use undone, in the caller's transaction (ADR 104): a `redemption_undone` movement
 * naming the use and giving back exactly its amount (the database refuses anything else, and
 * a second undo of the same use), its `gift_redemption_undone` ledger row (in no balance: the
 * use moved no money either), and the record of who undid it and why. The caller has locked
 * the card's order row and decided that it may be undone. Returns the undo's movement id.
 */
export async function recordRedemptionUndo(tx: Executor, input: RedemptionUndoInput): Promise<string> {
  const [use] = await tx
    .select({ orderId: redemptions.orderId, businessId: redemptions.businessId, movementId: redemptions.movementId, amount: giftMovements.amount })
    .from(redemptions)
    .innerJoin(giftMovements, eq(giftMovements.id, redemptions.movementId))
    .where(eq(redemptions.id, input.redemptionId));
  if (!use) throw new Error(`redemption ${input.redemptionId} not found`);
  const { id: movementId, key } = await recordGiftMovement(tx, {
    orderId: use.orderId,
    kind: 'redemption_undone',
    amount: use.amount,
    at: input.at,
    // One undo per use: named by the use, so a replay finds it.
    ordinal: `of-${use.movementId}`,
    reversesMovementId: use.movementId,
  });
  await recordLedgerEntries(tx, [
    {
      kind: 'gift_redemption_undone',
      amount: use.amount,
      businessId: use.businessId,
      movementId,
      idempotencyKey: `gift_redemption_undone:${key.slice(key.indexOf(':') + 1)}`,
      at: input.at,
    },
  ]);
  await tx
    .insert(redemptionUndos)
    .values({ redemptionId: input.redemptionId, movementId, orderId: use.orderId, undoneBy: input.undoneBy, undoneAs: input.undoneAs, reason: input.reason, createdAt: input.at })
    .onConflictDoNothing({ target: redemptionUndos.redemptionId });
  return movementId;
}
