import { eq } from 'drizzle-orm';
import type { ConfirmationType, ConfirmTokenResult } from '@shared/contracts/business-onboarding';
import { users } from '../../db/schema/auth';
import { businessInterests } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hashConfirmationToken } from './confirmation-token';

/**
 * The /confirm page opening the mailed link. It signs nobody in and, for a live link of an
 * account nobody has confirmed, changes nothing: the link is used by setting the password
 * (set-link-password.ts), so a mail scanner that opens links uses up nothing, and the phone
 * the mail is read on works as well as the browser that filled the form.
 *
 * - A used link answers `confirmed` before the expiry is looked at, so a person who clicks the
 *   old mail again is told to sign in, not to ask for a new link.
 * - An account confirmed another way (a consumer sign-up's link, Google) keeps its password:
 *   the link confirms the interest record and says to sign in.
 * - The address is named only to the browser that filled the interest form (`isFormBrowser`);
 *   anywhere else the person types it, so a link passed on to someone else (login CSRF, ADR
 *   081) does not tell them whose account it is.
 */
export async function openConfirmationLink(
  ctx: Pick<AppContext, 'db' | 'now'>,
  input: { token?: string; type: ConfirmationType },
  isFormBrowser: (email: string) => boolean,
): Promise<ConfirmTokenResult> {
  const token = input.token?.trim();
  if (!token) throw new AppError('token_missing', 400, 'The link has no token');

  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ interest: businessInterests, emailVerified: users.emailVerified })
      .from(businessInterests)
      .leftJoin(users, eq(users.id, businessInterests.userId))
      .where(eq(businessInterests.confirmationToken, hashConfirmationToken(token)))
      .for('update', { of: businessInterests });
    if (!row) throw new AppError('token_invalid', 404, 'Unknown confirmation link');
    const { interest } = row;
    if (interest.isConfirmed) return { status: 'confirmed', alreadyConfirmed: true, type: input.type };
    if (!interest.expiresAt || interest.expiresAt.getTime() <= now.getTime()) {
      throw new AppError('token_expired', 410, 'The confirmation link has expired');
    }
    // The account is gone (erased): there is nothing left to confirm.
    if (row.emailVerified === null) throw new AppError('token_invalid', 404, 'Unknown confirmation link');
    if (row.emailVerified) {
      await tx
        .update(businessInterests)
        .set({ isConfirmed: true, userType: input.type, confirmedAt: now, updatedAt: now })
        .where(eq(businessInterests.id, interest.id));
      return { status: 'confirmed', alreadyConfirmed: true, type: input.type };
    }
    return { status: 'passwordRequired', type: input.type, email: isFormBrowser(interest.email) ? interest.email : null };
  });
}
