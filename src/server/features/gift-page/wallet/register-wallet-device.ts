import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { walletPassRegistrations } from '../../../db/schema/wallet-passes';

/**
 * A device that keeps the pass asks for its updates. Apple's answer tells a new registration
 * (201) from one it already had (200); a new push token replaces the old one.
 */
export async function registerWalletDevice(
  db: Executor,
  input: { orderId: string; deviceLibraryId: string; pushToken: string },
): Promise<'created' | 'existing'> {
  const [row] = await db
    .insert(walletPassRegistrations)
    .values(input)
    .onConflictDoUpdate({
      target: [walletPassRegistrations.deviceLibraryId, walletPassRegistrations.orderId],
      set: { pushToken: input.pushToken },
    })
    // xmax is 0 for a row this statement inserted, and the updating transaction's id otherwise.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted ? 'created' : 'existing';
}

/** The device no longer keeps the pass (the person removed it). */
export async function unregisterWalletDevice(db: Executor, input: { orderId: string; deviceLibraryId: string }): Promise<void> {
  await db
    .delete(walletPassRegistrations)
    .where(and(eq(walletPassRegistrations.orderId, input.orderId), eq(walletPassRegistrations.deviceLibraryId, input.deviceLibraryId)));
}
