import { and, eq, sql } from 'drizzle-orm';
import { giftMovementKey, giftMovementSigns, type GiftMovementKind } from '@shared/domain/gift-movements';
import type { Executor } from '../../db/client';
import { checkouts, giftMovements, payments } from '../../db/schema/orders';

export interface GiftMovementInput {
  orderId: string;
  kind: GiftMovementKind;
  /** Positive cents; the kind says which way it moves the gift's remaining value. */
  amount: number;
  at: Date;
  paymentId?: string | null;
  /**
   * Which movement of its kind this is for the gift (1 for the first); by default the next
   * one. A caller whose movement happens at most once per gift passes 1, so a replay finds it.
   * A card's use passes the counter's own key instead (`use-<key>`, ADR 104).
   */
  ordinal?: number | string;
  /** The use a `redemption_undone` gives back (ADR 104). */
  reversesMovementId?: string;
}

/**
 * Appends one movement of a gift's value inside the caller's transaction (ADR 096) and
 * returns its id and key; a movement whose key is already there is not written again (a retried job,
 * a replayed event): its id is returned. The database refuses a movement that takes more
 * than the gift has left, or part of a fixed gift's value (the table's trigger).
 */
export async function recordGiftMovement(tx: Executor, input: GiftMovementInput): Promise<{ id: string; key: string }> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new RangeError(`gift movement amount must be whole, positive cents: ${input.kind} ${input.amount}`);
  }
  const ordinal = input.ordinal ?? (await countMovements(tx, input.orderId, input.kind)) + 1;
  const key = giftMovementKey(input.kind, input.orderId, ordinal);
  const [added] = await tx
    .insert(giftMovements)
    .values({
      orderId: input.orderId,
      kind: input.kind,
      amount: input.amount,
      idempotencyKey: key,
      paymentId: input.paymentId ?? null,
      reversesMovementId: input.reversesMovementId ?? null,
      createdAt: input.at,
    })
    .onConflictDoNothing({ target: giftMovements.idempotencyKey })
    .returning({ id: giftMovements.id });
  if (added) return { id: added.id, key };
  const [existing] = await tx.select({ id: giftMovements.id }).from(giftMovements).where(eq(giftMovements.idempotencyKey, key));
  return { id: existing!.id, key };
}

async function countMovements(tx: Executor, orderId: string, kind: GiftMovementKind): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(giftMovements)
    .where(and(eq(giftMovements.orderId, orderId), eq(giftMovements.kind, kind)));
  return row?.n ?? 0;
}

/** A gift's movements summed by kind, and what is left of its value. */
export async function readGiftValue(tx: Executor, orderId: string): Promise<{ byKind: Partial<Record<GiftMovementKind, number>>; remaining: number }> {
  const rows = await tx
    .select({ kind: giftMovements.kind, amount: sql<number>`sum(${giftMovements.amount})::int` })
    .from(giftMovements)
    .where(eq(giftMovements.orderId, orderId))
    .groupBy(giftMovements.kind);
  const byKind: Partial<Record<GiftMovementKind, number>> = {};
  let remaining = 0;
  for (const row of rows) {
    const kind = row.kind as GiftMovementKind;
    byKind[kind] = row.amount;
    remaining += giftMovementSigns[kind] * row.amount;
  }
  return { byKind, remaining };
}

/**
 * A gift's value given back to the giver (a withdrawal, the team's cancellation): an expired
 * gift's value is first lifted from its expiry (the cancellation of an expired gift refunds
 * it, ADR 064), then refunded. Once per gift, as its ledger rows are. Returns the refund's id.
 */
export async function recordRefundMovement(tx: Executor, input: { orderId: string; amount: number; at: Date }): Promise<string> {
  const value = await readGiftValue(tx, input.orderId);
  const alreadyRefunded = (value.byKind.refunded ?? 0) > 0;
  const lapsed = (value.byKind.expired ?? 0) - (value.byKind.expiry_lifted ?? 0);
  if (!alreadyRefunded && value.remaining < input.amount && lapsed > 0) {
    await recordGiftMovement(tx, { orderId: input.orderId, kind: 'expiry_lifted', amount: Math.min(lapsed, input.amount - value.remaining), at: input.at });
  }
  return (await recordGiftMovement(tx, { orderId: input.orderId, kind: 'refunded', amount: input.amount, at: input.at, ordinal: 1 })).id;
}

/**
 * The payment a purchase was paid with, once (`payment:<checkout>`), with the provider the
 * checkout was paid through. Returns its id.
 */
export async function recordPurchasePayment(tx: Executor, input: { checkoutId: string; amount: number; providerRef: string | null; at: Date }): Promise<string> {
  const key = `payment:${input.checkoutId}`;
  const [checkout] = await tx.select({ provider: checkouts.provider }).from(checkouts).where(eq(checkouts.id, input.checkoutId));
  if (!checkout) throw new Error(`checkout ${input.checkoutId} not found`);
  const [added] = await tx
    .insert(payments)
    .values({ checkoutId: input.checkoutId, amount: input.amount, provider: checkout.provider, providerRef: input.providerRef, idempotencyKey: key, createdAt: input.at })
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning({ id: payments.id });
  if (added) return added.id;
  const [existing] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.idempotencyKey, key));
  return existing!.id;
}

/** The issue movement of a gift (each paid gift has one): the movement its share is settled by. */
export async function issuedMovementId(tx: Executor, orderId: string): Promise<string | null> {
  const [row] = await tx.select({ id: giftMovements.id }).from(giftMovements).where(eq(giftMovements.idempotencyKey, giftMovementKey('issued', orderId)));
  return row?.id ?? null;
}
