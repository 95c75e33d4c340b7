import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { walletPasses } from '../../../db/schema/wallet-passes';
import type { GiftPageView } from '../get-gift-page';
import { serialHash } from './pass-secrets';
import { walletPassState } from './wallet-pass-state';

/**
 * Remembers that a gift's pass went out, so the web service can find it by serial and the
 * wallet-updates job keeps it current. The first issue fixes the pass's state and time; a later
 * download leaves them, so a change the job has not told the phones yet is not lost.
 */
export async function recordWalletPass(
  db: Executor,
  input: { view: GiftPageView; serial: string; now: Date; google?: boolean },
): Promise<void> {
  await db
    .insert(walletPasses)
    .values({
      orderId: input.view.orderId,
      serialHash: serialHash(input.serial),
      state: walletPassState(input.view),
      updatedAt: input.now,
      checkedAt: input.now,
      googleIssuedAt: input.google ? input.now : null,
    })
    .onConflictDoUpdate({
      target: walletPasses.orderId,
      set: input.google ? { googleIssuedAt: sql`coalesce(${walletPasses.googleIssuedAt}, excluded.google_issued_at)` } : { orderId: sql`excluded.order_id` },
    });
}
