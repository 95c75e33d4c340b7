import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { checkouts } from '../../db/schema/orders';
import { PURCHASE_LINK_LIFETIME_MS } from './purchase-link';

/**
 * How many paid purchases were made as a guest with this address and are in no account yet,
 * while their links still work: what "Add to my account" could take in (ADR 075). Said only
 * to whoever has just proven the address, so the count never reaches anyone else.
 */
export async function countGuestPurchasesAwaitingAccount(db: Executor, email: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(checkouts)
    .where(
      and(
        sql`lower(${checkouts.guestEmail}) = lower(${email.trim()})`,
        eq(checkouts.status, 'succeeded'),
        isNull(checkouts.buyerId),
        isNull(checkouts.claimedAt),
        gt(checkouts.createdAt, new Date(now.getTime() - PURCHASE_LINK_LIFETIME_MS)),
      ),
    );
  return row?.total ?? 0;
}
