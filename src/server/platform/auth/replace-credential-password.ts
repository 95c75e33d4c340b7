import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts } from '../../db/schema/auth';

/**
 * Makes `hash` the account's password: its credential row's password is replaced, or the
 * row is made when the account has none yet (an account made by the partner-interest form).
 * Only for an address nobody has confirmed, or one being confirmed in the same transaction:
 * a confirmed account's password changes through Better Auth (change or reset) instead.
 */
export async function replaceCredentialPassword(tx: Executor, userId: string, hash: string, now: Date): Promise<void> {
  const replaced = await tx
    .update(accounts)
    .set({ password: hash, updatedAt: now })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  if (replaced.length > 0) return;
  await tx.insert(accounts).values({
    id: randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: hash,
    createdAt: now,
    updatedAt: now,
  });
}
