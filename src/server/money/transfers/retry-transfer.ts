import { and, eq, inArray } from 'drizzle-orm';
import { transfers } from '../../db/schema/payouts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { recordAdminAction, type AdminActor } from '../../domain/admin/record-admin-action';

/**
 * "Retry now": a due or failed transfer becomes due at once, so the transfers job (which
 * alone talks to the provider, under its row lock) sends it at its next run. Nothing is sent
 * from here, so a retry can never send a transfer twice. Audit-logged in the same transaction.
 */
export async function retryTransfer(ctx: Pick<AppContext, 'db' | 'now'>, actor: AdminActor, transferId: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(transfers).where(eq(transfers.id, transferId)).for('update');
    if (!before) throw new AppError('transfer_not_found', 404, 'No such transfer');
    const updated = await tx
      .update(transfers)
      .set({ nextAttemptAt: now, updatedAt: now })
      .where(and(eq(transfers.id, transferId), inArray(transfers.state, ['due', 'failed'])))
      .returning({ id: transfers.id });
    if (updated.length === 0) throw AppError.conflict('transfer_not_retryable', 'Only a transfer that is due or failed can be retried');
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'transfer_retried',
        // One transfer per order, ever: the order is what the team recognises in the log.
        targetType: 'order',
        targetId: before.orderId,
        before: { transferId, state: before.state, nextAttemptAt: before.nextAttemptAt?.toISOString() ?? null, lastError: before.lastError },
        after: { transferId, state: before.state, nextAttemptAt: now.toISOString() },
      },
      now,
    );
  });
}
