import { eq } from 'drizzle-orm';
import type { RedemptionMethod } from '@shared/contracts/redemption';
import type { Executor } from '../../db/client';
import { orders, redemptions } from '../../db/schema/orders';
import { readGiftValue, recordGiftMovement } from './record-gift-movement';
import { recordLedgerEntries } from './record-ledger-entries';

/** A fixed gift is redeemed whole: no counter offers a part of one, so this is a bug, never a user's error. */
export class PartialRedemptionRefused extends Error {
  constructor(orderId: string, amount: number, remaining: number) {
    super(`gift ${orderId} is fixed: a redemption takes its whole value (${remaining}), not ${amount}`);
    this.name = 'PartialRedemptionRefused';
  }
}

export interface RedemptionInput {
  orderId: string;
  businessId: string;
  checkoutId: string | null;
  /** The value used, in cents; a fixed gift's redemption takes its whole value, or nothing. */
  amount: number;
  redeemedBy: string | null;
  method: RedemptionMethod;
  at: Date;
  /**
   * A card's use: the counter's idempotency key, which names the movement
   * (`redeemed:<gift>:use-<key>`, ADR 104). A fixed gift's one redemption is numbered.
   */
  useKey?: string;
}

/**
 * A redemption as a money movement, in the redemption's transaction (ADR 096): the gift's
 * `redeemed` movement, the ledger's `gift_redeemed` row settled by it (in no balance: the
 * business's share was owed from the payment and its transfer falls due now), and the record
 * of who redeemed it and how. A fixed gift is redeemed whole and once: a partial amount is
 * refused here, and the movements' trigger refuses it in the database too.
 */
export async function recordRedemption(tx: Executor, input: RedemptionInput): Promise<string> {
  const [order] = await tx.select({ valueKind: orders.valueKind }).from(orders).where(eq(orders.id, input.orderId));
  if (!order) throw new Error(`order ${input.orderId} not found`);
  const { remaining } = await readGiftValue(tx, input.orderId);
  if (order.valueKind === 'fixed' && input.amount !== remaining) {
    throw new PartialRedemptionRefused(input.orderId, input.amount, remaining);
  }
  const { id: movementId, key } = await recordGiftMovement(tx, { orderId: input.orderId, kind: 'redeemed', amount: input.amount, at: input.at, ordinal: input.useKey === undefined ? undefined : `use-${input.useKey}` });
  await recordLedgerEntries(tx, [
    {
      kind: 'gift_redeemed',
      amount: input.amount,
      businessId: input.businessId,
      // Named by its movement alone (which names the gift): the rows an order had before
      // movements existed stay the order's (ADR 096).
      movementId,
      idempotencyKey: `gift_redeemed:${key.slice(key.indexOf(':') + 1)}`,
      at: input.at,
    },
  ]);
  await tx.insert(redemptions).values({
    orderId: input.orderId,
    movementId,
    businessId: input.businessId,
    redeemedBy: input.redeemedBy,
    method: input.method,
    createdAt: input.at,
  });
  return movementId;
}
