import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CheckoutStatus } from '@shared/domain/order-status';
import { HOME_LOCALE, type Locale } from '@shared/locale';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { checkouts, orders } from '../../db/schema/orders';
import { createPurchaseToken, purchasePagePath } from './purchase-link';

/** The giver's "My orders" in the web app. */
export const ORDERS_PATH = '/app?tab=orders';

/**
 * Who bought a purchase and how to reach them: the one answer the claim, the giver's mails,
 * the withdrawal form, the admin's search and the purchase page read (ADR 097). An account
 * holds the purchase when the giver bought signed in or a guest's purchase was added to an
 * account since; otherwise the guest who paid without one (ADR 075) is the purchaser. A
 * company buying for its staff will be a third kind.
 */
export interface Purchaser {
  kind: 'account' | 'guest';
  /** The purchase (checkout); null for an order made without one. */
  checkoutId: string | null;
  purchaseStatus: CheckoutStatus | null;
  /** When the purchase was started: what its signed link is made from. */
  purchaseCreatedAt: Date | null;
  /** The account that holds the purchase; null for a guest's not added to any. */
  accountId: string | null;
  /** Whom to write to: the account's details once there is one, the guest's otherwise. */
  name: string;
  email: string;
  locale: Locale;
  /** What the guest typed at checkout, kept after the purchase is added to an account. */
  guest: { name: string; email: string; locale: Locale } | null;
  /** When a guest's purchase was added to an account ("Add to my account"). */
  claimedAt: Date | null;
}

const columns = {
  checkoutId: checkouts.id,
  purchaseStatus: checkouts.status,
  purchaseCreatedAt: checkouts.createdAt,
  guestName: checkouts.guestName,
  guestEmail: checkouts.guestEmail,
  guestLocale: checkouts.guestLocale,
  claimedAt: checkouts.claimedAt,
  accountId: users.id,
  accountName: users.name,
  accountEmail: users.email,
  accountLocale: users.locale,
};

type Row = {
  checkoutId: string | null;
  purchaseStatus: string | null;
  purchaseCreatedAt: Date | null;
  guestName: string | null;
  guestEmail: string | null;
  guestLocale: Locale | null;
  claimedAt: Date | null;
  accountId: string | null;
  accountName: string | null;
  accountEmail: string | null;
  accountLocale: Locale | null;
};

function toPurchaser(row: Row): Purchaser | null {
  const guest = row.guestEmail && row.guestName ? { name: row.guestName, email: row.guestEmail, locale: row.guestLocale ?? HOME_LOCALE } : null;
  const common = {
    checkoutId: row.checkoutId,
    purchaseStatus: row.purchaseStatus as CheckoutStatus | null,
    purchaseCreatedAt: row.purchaseCreatedAt,
    guest,
    claimedAt: row.claimedAt,
  };
  // The account wins once there is one: a claimed guest purchase belongs to it.
  if (row.accountId && row.accountEmail) {
    return { ...common, kind: 'account', accountId: row.accountId, name: row.accountName ?? '', email: row.accountEmail, locale: row.accountLocale ?? HOME_LOCALE };
  }
  // An account deleted since (buyer_id went null) leaves the guest's own details, if any.
  if (guest) return { ...common, kind: 'guest', accountId: null, ...guest };
  return null;
}

/** The account of an order: the order's own buyer, or its purchase's (they agree; an order may lack a checkout). */
const orderAccount = sql`coalesce(${orders.buyerId}, ${checkouts.buyerId})`;

/** The purchaser of a purchase (checkout id) or of one of its gifts (order id); null when nobody can be reached. */
export async function findPurchaser(db: Executor, of: { checkoutId: string } | { orderId: string }): Promise<Purchaser | null> {
  if ('checkoutId' in of) {
    const [row] = await db.select(columns).from(checkouts).leftJoin(users, eq(users.id, checkouts.buyerId)).where(eq(checkouts.id, of.checkoutId));
    return row ? toPurchaser(row) : null;
  }
  return (await findPurchasersOfOrders(db, [of.orderId])).get(of.orderId) ?? null;
}

/** The purchasers of several gifts at once (a job's batch), by order id; an order nobody can be reached for is left out. */
export async function findPurchasersOfOrders(db: Executor, orderIds: readonly string[]): Promise<Map<string, Purchaser>> {
  const found = new Map<string, Purchaser>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .select({ orderId: orders.id, ...columns })
    .from(orders)
    .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .leftJoin(users, sql`${users.id} = ${orderAccount}`)
    .where(inArray(orders.id, [...orderIds]));
  for (const { orderId, ...row } of rows) {
    const purchaser = toPurchaser(row);
    if (purchaser) found.set(orderId, purchaser);
  }
  return found;
}

/**
 * A condition for the admin's search: the purchaser's address of the order whose buyer and
 * checkout columns these are contains the pattern. Both the account's and the guest's address
 * count, so a claimed purchase is found by either.
 */
export function purchaserEmailMatches(order: { buyerId: AnyPgColumn; checkoutId: AnyPgColumn }, pattern: string): SQL {
  return sql`(exists (select 1 from ${users} where ${users.id} = ${order.buyerId} and ${users.email} ilike ${pattern}) or exists (select 1 from ${checkouts} where ${checkouts.id} = ${order.checkoutId} and ${checkouts.guestEmail} ilike ${pattern}))`;
}

/** The purchaser's address of an order as one column (admin lists): the account's, else the guest's. */
export function purchaserEmailColumn(order: { buyerId: AnyPgColumn; checkoutId: AnyPgColumn }): SQL<string | null> {
  return sql<string | null>`coalesce((select ${users.email} from ${users} where ${users.id} = ${order.buyerId}), (select ${checkouts.guestEmail} from ${checkouts} where ${checkouts.id} = ${order.checkoutId}))`;
}

export interface PurchaserContact {
  name: string;
  email: string;
  locale: Locale;
  /** Where the giver follows the purchase: "My orders", or a guest's signed purchase page. */
  ordersUrl: string;
}

/** Where the emails about a purchase send the giver: the account's "My orders", or the guest's signed purchase page. */
export function purchaserContact(purchaser: Purchaser | null, links: { publicUrl: string; authSecret: string }): PurchaserContact | null {
  if (!purchaser) return null;
  const { name, email, locale } = purchaser;
  if (purchaser.kind === 'account') return { name, email, locale, ordersUrl: `${links.publicUrl}${ORDERS_PATH}` };
  if (!purchaser.checkoutId || !purchaser.purchaseCreatedAt) return null;
  const token = createPurchaseToken(links.authSecret, purchaser.checkoutId, purchaser.purchaseCreatedAt);
  // The page opens in the language the guest bought in, whatever the browser reading the mail says.
  return { name, email, locale, ordersUrl: `${links.publicUrl}${purchasePagePath(token)}?lang=${locale}` };
}
