import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import { walletPassRegistrations, walletPasses } from '../../../db/schema/wallet-passes';
import { passSerial } from './pass-secrets';

/**
 * The serial numbers of a device's passes changed after `since` (Wallet's "passes updated
 * since" tag, which is the last answer's `lastUpdated`: milliseconds), with the newest change
 * as the next tag; null when none changed.
 */
export async function listUpdatedPasses(
  db: Executor,
  input: { deviceLibraryId: string; since: Date | null; authSecret: string },
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  const rows = await db
    .select({ code: orders.qrCode, updatedAt: walletPasses.updatedAt })
    .from(walletPassRegistrations)
    .innerJoin(walletPasses, eq(walletPasses.orderId, walletPassRegistrations.orderId))
    .innerJoin(orders, eq(orders.id, walletPasses.orderId))
    .where(and(eq(walletPassRegistrations.deviceLibraryId, input.deviceLibraryId), input.since ? gt(walletPasses.updatedAt, input.since) : undefined));
  if (rows.length === 0) return null;
  const newest = Math.max(...rows.map((row) => row.updatedAt.getTime()));
  return { serialNumbers: rows.map((row) => passSerial(input.authSecret, row.code)), lastUpdated: String(newest) };
}
