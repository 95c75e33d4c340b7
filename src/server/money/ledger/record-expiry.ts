import { sql } from 'drizzle-orm';
import { giftMovementSigns } from '@shared/domain/gift-movements';
import type { Executor } from '../../db/client';
import { giftMovements } from '../../db/schema/orders';
import { readGiftValue, recordGiftMovement } from './record-gift-movement';

/**
 * Gifts that expired (the expiry job's orders, just moved to `expired` in the caller's
 * transaction): each gets an `expired` movement of what it had left, numbered after its
 * earlier expiries (a gift extended and expired again expires twice). One statement.
 */
export async function recordExpiryMovements(tx: Executor, orderIds: readonly string[], at: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const signed = sql.raw(
    `case kind ${Object.entries(giftMovementSigns)
      .map(([kind, sign]) => `when '${kind}' then ${sign === 1 ? 'amount' : '-amount'}`)
      .join(' ')} end`,
  );
  await tx.execute(sql`
    insert into ${giftMovements} (order_id, kind, amount, idempotency_key, created_at)
    select order_id, 'expired', left_value, 'expired:' || order_id || ':' || (expiries + 1), ${at}
    from (
      select order_id, sum(${signed})::int as left_value, count(*) filter (where kind = 'expired') as expiries
      from ${giftMovements}
      where order_id in (${sql.join(orderIds.map((id) => sql`${id}::uuid`), sql`, `)})
      group by order_id
    ) as value
    where left_value > 0
    on conflict (idempotency_key) do nothing`);
}

/**
 * An extension gave an expired gift's value back to its recipient (ADR 064): what expired
 * and was not lifted yet returns as an `expiry_lifted` movement. Nothing when the gift was
 * still paid (past its date, before the expiry job moved it).
 */
export async function liftExpiry(tx: Executor, orderId: string, at: Date): Promise<void> {
  const value = await readGiftValue(tx, orderId);
  const lapsed = (value.byKind.expired ?? 0) - (value.byKind.expiry_lifted ?? 0);
  if (lapsed > 0) await recordGiftMovement(tx, { orderId, kind: 'expiry_lifted', amount: lapsed, at });
}
