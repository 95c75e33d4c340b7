import { and, eq, sql } from 'drizzle-orm';
import type { PurchaseAccountState } from '@shared/contracts/guest-checkout';
import type { SessionUser } from '@shared/contracts/session';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { checkouts } from '../../db/schema/orders';
import { findPurchaser } from '../../domain/orders/find-purchaser';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { LinkedPurchase } from './get-purchase';

/** Who is looking at a purchase link, signed in. */
export type PurchaseViewer = Pick<SessionUser, 'id' | 'email' | 'emailVerified'>;

/** Addresses compare as everywhere else in Regalo: a guest's is kept as typed, so case does not count. */
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Whether one of the account's own checkouts already uses this key: taking the purchase in would break the unique (buyer, key). */
async function accountUsesKey(db: Executor, accountId: string, key: string): Promise<boolean> {
  const [own] = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.buyerId, accountId), eq(checkouts.idempotencyKey, key)))
    .limit(1);
  return own !== undefined;
}

/**
 * What the purchase page offers the person holding its link (ADR 075): "Add to my account"
 * only to a signed-in account whose confirmed address is the purchase's, for a paid purchase
 * in nobody's account yet. Holding the link and proving the address are both needed: an
 * account confirmed for an address (perhaps by someone who signed up with a stranger's
 * address and had them click the confirmation) never takes in what it holds no link for.
 */
export async function purchaseAccountState(db: Executor, checkout: LinkedPurchase, viewer: PurchaseViewer | null): Promise<PurchaseAccountState> {
  const { purchaser } = checkout;
  if (viewer && purchaser.accountId === viewer.id) return 'added';
  if (purchaser.purchaseStatus !== 'succeeded' || purchaser.kind !== 'guest' || purchaser.claimedAt !== null) return 'none';
  if (!viewer) return 'signed_out';
  if (!viewer.emailVerified || !sameAddress(viewer.email, purchaser.guest.email)) return 'other_account';
  return (await accountUsesKey(db, viewer.id, checkout.idempotencyKey)) ? 'none' : 'can_add';
}

/**
 * "Add to my account" on a purchase page: the guest purchase its link opened, and its
 * orders, move into the signed-in account's "My orders" (`claimed_at` says when). The
 * conditions are checked again in the one statement that moves it, against the account as
 * the database has it now, so a change between reading and writing (another tab, an address
 * changed) takes nothing. Pressing it again, or twice at once, leaves it in the account.
 */
export async function addPurchaseToAccount(ctx: Pick<AppContext, 'db' | 'now'>, checkout: LinkedPurchase, viewer: PurchaseViewer): Promise<void> {
  if (checkout.purchaser.accountId === viewer.id) return;
  const now = ctx.now().toISOString();
  const result = await ctx.db.execute(sql`
    with claimed as (
      update checkouts c set buyer_id = ${viewer.id}, claimed_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
      where c.id = ${checkout.id} and c.buyer_id is null and c.claimed_at is null and c.status = 'succeeded'
        and exists (select 1 from users u where u.id = ${viewer.id} and u.email_verified and lower(u.email) = lower(c.guest_email))
        and not exists (select 1 from checkouts own where own.buyer_id = ${viewer.id} and own.idempotency_key = c.idempotency_key)
      returning c.id
    ), moved as (
      -- PostgreSQL runs a data-modifying CTE whether or not the query reads it.
      update orders o set buyer_id = ${viewer.id} from claimed where o.checkout_id = claimed.id and o.buyer_id is null
    )
    select count(*)::int as claimed from claimed`);
  const [moved] = (result as unknown as { rows: { claimed: number }[] }).rows;
  if ((moved?.claimed ?? 0) > 0) return;

  // Nothing moved: why, from the rows as they are now. Another account hears only that the
  // purchase is not its own, whatever state it is in.
  const row = await findPurchaser(ctx.db, { checkoutId: checkout.id });
  const [account] = await ctx.db.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, viewer.id));
  if (row?.accountId === viewer.id) return;
  if (!row?.guest || !account?.emailVerified || !sameAddress(account.email, row.guest.email)) {
    throw new AppError('purchase_other_account', 403, 'Only an account with the confirmed email address of this purchase can add it');
  }
  if (row.purchaseStatus !== 'succeeded') throw new AppError('purchase_not_paid', 409, 'This purchase has not been paid');
  if (row.kind !== 'guest' || row.claimedAt !== null) throw new AppError('purchase_in_other_account', 409, 'This purchase is already in an account');
  throw new AppError('purchase_key_in_use', 409, 'One of your own purchases uses the same checkout key; this one stays with its link');
}
