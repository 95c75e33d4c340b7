import { eq } from 'drizzle-orm';
import type { ConfirmationType, ConfirmTokenResult } from '@shared/contracts/business-onboarding';
import { users } from '../../db/schema/auth';
import { businessInterests } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hashConfirmationToken } from './confirmation-token';

/** `userId` and `email`: the account confirmed now, for the route to sign in (only the browser that asked). */
export type ConfirmInterestResult = ConfirmTokenResult & { userId: string | null; email: string | null };

/**
 * The /confirm page's states. An already confirmed link answers success before the expiry
 * is looked at, so a person who confirmed and clicks the old mail again is not told to ask
 * for a new link. Only the first confirmation returns a userId to sign in: a link that was
 * already used never opens a session again.
 */
export async function confirmInterest(
  ctx: Pick<AppContext, 'db' | 'now'>,
  input: { token?: string; type: ConfirmationType },
): Promise<ConfirmInterestResult> {
  const token = input.token?.trim();
  if (!token) throw new AppError('token_missing', 400, 'The link has no token');

  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [interest] = await tx
      .select()
      .from(businessInterests)
      .where(eq(businessInterests.confirmationToken, hashConfirmationToken(token)))
      .for('update');
    if (!interest) throw new AppError('token_invalid', 404, 'Unknown confirmation link');
    if (interest.isConfirmed) {
      return { status: 'confirmed', alreadyConfirmed: true, type: input.type, signedIn: false, userId: null, email: null };
    }
    if (!interest.expiresAt || interest.expiresAt.getTime() <= now.getTime()) {
      throw new AppError('token_expired', 410, 'The confirmation link has expired');
    }
    await tx
      .update(businessInterests)
      .set({ isConfirmed: true, userType: input.type, confirmedAt: now, updatedAt: now })
      .where(eq(businessInterests.id, interest.id));
    if (interest.userId) {
      await tx.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, interest.userId));
    }
    return { status: 'confirmed', alreadyConfirmed: false, type: input.type, signedIn: interest.userId !== null, userId: interest.userId, email: interest.email };
  });
}
