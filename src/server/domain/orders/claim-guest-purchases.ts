import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Moves the purchases a guest made with this address into the account's "My orders" (ADR
 * 075), once the account has proven the address: never for an unconfirmed one, or anyone
 * could sign up with a stranger's email and read their purchases. Runs when the address is
 * confirmed and at every sign-in with a confirmed address (a purchase made as a guest
 * while already having an account arrives at the next sign-in). The signed links keep
 * working. Returns how many purchases were claimed.
 *
 * One statement (the checkouts and their orders in data-modifying CTEs), so every sign-in pays
 * one round trip and no transaction. A guest checkout whose key one of the account's own
 * checkouts already uses stays the guest's (its link still opens it): claiming it would break
 * the unique (buyer, key), failing this statement and with it every sign-in.
 */
export async function claimGuestPurchases(
  db: Executor,
  account: { id: string; email: string; emailVerified: boolean },
  now: Date,
): Promise<number> {
  if (!account.emailVerified) return 0;
  const result = await db.execute(sql`
    with claimed as (
      update checkouts c set buyer_id = ${account.id}, claimed_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      where c.buyer_id is null and c.claimed_at is null and c.guest_email is not null
        and lower(c.guest_email) = lower(${account.email})
        and not exists (select 1 from checkouts own where own.buyer_id = ${account.id} and own.idempotency_key = c.idempotency_key)
      returning c.id
    ), moved as (
      -- PostgreSQL runs a data-modifying CTE whether or not the query reads it.
      update orders o set buyer_id = ${account.id} from claimed where o.checkout_id = claimed.id and o.buyer_id is null
    )
    select count(*)::int as claimed from claimed`);
  const [row] = (result as unknown as { rows: { claimed: number }[] }).rows;
  return row?.claimed ?? 0;
}
