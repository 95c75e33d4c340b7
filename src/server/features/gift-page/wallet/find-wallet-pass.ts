import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import { walletPasses } from '../../../db/schema/wallet-passes';
import { isPassAuthToken, serialHash } from './pass-secrets';

export interface WalletPassRow {
  orderId: string;
  code: string;
  updatedAt: Date;
}

/** An issued pass by its serial number, or null (never issued, or its gift is gone). */
export async function findWalletPass(db: Executor, serial: string): Promise<WalletPassRow | null> {
  const [row] = await db
    .select({ orderId: walletPasses.orderId, code: orders.qrCode, updatedAt: walletPasses.updatedAt })
    .from(walletPasses)
    .innerJoin(orders, eq(orders.id, walletPasses.orderId))
    .where(eq(walletPasses.serialHash, serialHash(serial)));
  return row ?? null;
}

/**
 * The pass a Wallet request names, when its `Authorization: ApplePass <token>` is that pass's
 * token; null otherwise (unknown serial and wrong token look alike: 401 either way).
 */
export async function findAuthorizedWalletPass(
  db: Executor,
  input: { serial: string; authorization: string | undefined; authSecret: string },
): Promise<WalletPassRow | null> {
  const token = /^ApplePass (\S+)$/.exec(input.authorization ?? '')?.[1];
  if (!token) return null;
  const pass = await findWalletPass(db, input.serial);
  return pass && isPassAuthToken(input.authSecret, pass.code, token) ? pass : null;
}
