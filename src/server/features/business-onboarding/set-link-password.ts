import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/auth';
import { businessInterests } from '../../db/schema/businesses';
import type { Executor } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { isCommonPassword } from '../../platform/auth/common-passwords';
import { hashPassword } from '../../platform/auth/password';
import { replaceCredentialPassword } from '../../platform/auth/replace-credential-password';
import { AppError } from '../../platform/errors';
import { hashConfirmationToken } from './confirmation-token';

export interface LinkPasswordValues {
  token: string;
  /** Lower-cased by the contract. */
  email: string;
  newPassword: string;
}

/** The link's record and whether its account is confirmed; refuses a link that cannot set a password. */
async function usableLink(db: Executor, token: string, now: Date, lock: boolean) {
  const query = db
    .select({ interest: businessInterests, emailVerified: users.emailVerified })
    .from(businessInterests)
    .innerJoin(users, eq(users.id, businessInterests.userId))
    .where(eq(businessInterests.confirmationToken, hashConfirmationToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  // Inner join: a link whose account is gone (erased) is unknown; locking both rows also
  // keeps a concurrent confirmation of the account from slipping between check and write.
  if (!row || !row.interest.userId) throw new AppError('token_invalid', 404, 'Unknown confirmation link');
  if (row.interest.isConfirmed) throw new AppError('link_used', 409, 'This link was used before: sign in');
  if (!row.interest.expiresAt || row.interest.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('token_expired', 410, 'The confirmation link has expired');
  }
  // Confirmed another way (a consumer sign-up's link, Google): its password is the owner's
  // own, proven with the mailbox; replacing it is the reset's job (a short-lived link), never
  // this 48-hour one's.
  if (row.emailVerified) throw new AppError('link_used', 409, 'This address is already confirmed: sign in');
  return { interestId: row.interest.id, userId: row.interest.userId, email: row.interest.email };
}

/**
 * The mailed link used: whoever opens it, on any device, types the address it was sent to and
 * a password. In one transaction the password becomes the account's (replacing any a sign-up
 * left while nobody had confirmed the address, as replace-unconfirmed-sign-up.ts does), the
 * address is confirmed, the link is used up and earlier sessions end; the route then signs
 * this browser in. Only while the account is unconfirmed: the link proves the mailbox, and
 * until then no password on the account has been proven by anyone (ADR 081).
 *
 * The checks run once without a lock (so a refused call hashes nothing) and again under the
 * row's lock, so two tabs racing with the same link set one password and the other gets 409.
 */
export async function setLinkPassword(ctx: Pick<AppContext, 'db' | 'now'>, input: LinkPasswordValues): Promise<{ userId: string }> {
  const token = input.token.trim();
  if (!token) throw new AppError('token_missing', 400, 'The link has no token');
  const link = await usableLink(ctx.db, token, ctx.now(), false);
  // Typed, not shown: someone handed another person's link cannot use it without knowing whose it is.
  if (input.email.trim().toLowerCase() !== link.email) {
    throw new AppError('email_mismatch', 400, 'This is not the address the link was sent to', { email: 'emailMismatch' });
  }
  if (isCommonPassword(input.newPassword)) {
    throw new AppError('PASSWORD_TOO_COMMON', 400, 'This password is too common; choose another one', { newPassword: 'PASSWORD_TOO_COMMON' });
  }
  const hash = await hashPassword(input.newPassword);

  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const locked = await usableLink(tx, token, now, true);
    await replaceCredentialPassword(tx, locked.userId, hash, now);
    await tx.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, locked.userId));
    await tx
      .update(businessInterests)
      .set({ isConfirmed: true, userType: 'business', confirmedAt: now, updatedAt: now })
      .where(eq(businessInterests.id, locked.interestId));
    // No session of the account outlives the new password (there should be none before confirmation).
    await tx.delete(sessions).where(eq(sessions.userId, locked.userId));
    return { userId: locked.userId };
  });
}
