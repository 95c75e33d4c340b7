import { and, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { checkouts, orders } from '../../db/schema/orders';

/**
 * Moves the purchases a guest made with this address into the account's "My orders" (ADR
 * 075), once the account has proven the address: never for an unconfirmed one, or anyone
 * could sign up with a stranger's email and read their purchases. Runs when the address is
 * confirmed and at every sign-in with a confirmed address (a purchase made as a guest
 * while already having an account arrives at the next sign-in). The signed links keep
 * working. Returns how many purchases were claimed.
 */
export async function claimGuestPurchases(
  db: Executor,
  account: { id: string; email: string; emailVerified: boolean },
  now: Date,
): Promise<number> {
  if (!account.emailVerified) return 0;
  // The account's own checkouts: a guest purchase made with a key one of them already uses
  // would break the unique (buyer, key), failing this claim and with it every sign-in; it
  // stays the guest's (its link still opens it).
  const own = alias(checkouts, 'own');
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(checkouts)
      .set({ buyerId: account.id, claimedAt: now, updatedAt: now })
      .where(
        and(
          isNull(checkouts.buyerId),
          isNull(checkouts.claimedAt),
          isNotNull(checkouts.guestEmail),
          sql`lower(${checkouts.guestEmail}) = lower(${account.email})`,
          notExists(
            tx
              .select({ one: sql`1` })
              .from(own)
              .where(and(eq(own.buyerId, account.id), eq(own.idempotencyKey, checkouts.idempotencyKey))),
          ),
        ),
      )
      .returning({ id: checkouts.id });
    if (claimed.length === 0) return 0;
    await tx
      .update(orders)
      .set({ buyerId: account.id })
      .where(and(inArray(orders.checkoutId, claimed.map((c) => c.id)), isNull(orders.buyerId)));
    return claimed.length;
  });
}
