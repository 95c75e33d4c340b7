import { and, eq, or, sql } from 'drizzle-orm';
import type { DeleteAccountInput } from '@shared/contracts/account';
import type { Database } from '../../db/client';
import { accounts, users, verifications } from '../../db/schema/auth';
import { businesses, businessInterests } from '../../db/schema/businesses';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { verifyPassword } from '../../platform/auth/password';
import { AppError } from '../../platform/errors';

/**
 * Erases an account (GDPR right to erasure), in one transaction:
 * - the user row goes, and with it (FK cascade) sessions, sign-in methods, profile, contacts;
 * - orders they sent stay for the businesses' books with buyer_id set null (FK set null);
 * - a business they own stays (its orders reference it) with owner_id null and inactive,
 *   so it drops out of the listing until the platform team decides what to do with it;
 * - their partner-interest record, pending tokens and emails addressed to them are deleted.
 */
export async function deleteAccount(
  db: Database,
  user: { id: string; email: string },
  input: DeleteAccountInput,
): Promise<void> {
  if (input.password) {
    const [credential] = await db
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
    const ok = credential?.password ? await verifyPassword(input.password, credential.password) : false;
    if (!ok) throw new AppError('confirmation_mismatch', 400, 'The password is not correct', { password: 'confirmation_mismatch' });
  } else if ((input.confirm ?? '').trim().toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError('confirmation_mismatch', 400, 'Type your email address to confirm', { confirm: 'confirmation_mismatch' });
  }

  await db.transaction(async (tx) => {
    await tx
      .update(businesses)
      .set({ isActive: false })
      .where(eq(businesses.ownerId, user.id));
    await tx
      .delete(businessInterests)
      .where(or(eq(businessInterests.userId, user.id), eq(sql`lower(${businessInterests.email})`, user.email.toLowerCase())));
    await tx.delete(verifications).where(eq(verifications.value, user.id));
    await tx.delete(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, user.email.toLowerCase()));
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
