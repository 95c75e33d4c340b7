import type { Locale } from '@shared/locale';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/auth';
import { businessInterests } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import {
  CONFIRMATION_TTL_MS,
  confirmationUrl,
  createConfirmationToken,
  hashConfirmationToken,
} from './confirmation-token';

/**
 * The address a resend would mail, for its rate limit: the one typed, or the one stored for
 * the old link (the token typed is never a key: each spelling would count apart). Undefined
 * when the link is unknown — then nothing is sent either.
 */
export async function resendAddress(
  db: AppContext['db'],
  input: { token?: string; email?: string },
): Promise<string | undefined> {
  const token = input.token?.trim();
  if (!token) return input.email;
  const [interest] = await db
    .select({ email: businessInterests.email })
    .from(businessInterests)
    .where(eq(businessInterests.confirmationToken, hashConfirmationToken(token)));
  return interest?.email;
}

/**
 * A fresh link for an unconfirmed interest, found by the old (usually expired) token or by
 * the address. The old token stops working. Unknown or already confirmed → nothing is
 * sent, and the caller answers the same either way so addresses cannot be probed.
 */
export async function resendConfirmation(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  input: { token?: string; email?: string; locale?: Locale },
): Promise<{ sent: boolean }> {
  const token = input.token?.trim();
  const email = input.email?.trim().toLowerCase();
  if (!token && !email) throw new AppError('token_missing', 400, 'Give the old link or the email address');

  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [interest] = await tx
      .select({ interest: businessInterests, locale: users.locale })
      .from(businessInterests)
      .leftJoin(users, eq(users.id, businessInterests.userId))
      .where(
        token
          ? eq(businessInterests.confirmationToken, hashConfirmationToken(token))
          : eq(businessInterests.email, email!),
      )
      .for('update', { of: businessInterests });
    if (!interest || interest.interest.isConfirmed || !interest.interest.userId) return { sent: false };

    const fresh = createConfirmationToken();
    await tx
      .update(businessInterests)
      .set({
        confirmationToken: hashConfirmationToken(fresh),
        expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
        updatedAt: now,
      })
      .where(eq(businessInterests.id, interest.interest.id));
    await enqueueMail(tx, {
      to: interest.interest.email,
      template: 'business-confirmation',
      locale: input.locale ?? toMailLocale(interest.locale) ?? 'en',
      data: { url: confirmationUrl(ctx.config.publicUrl, fresh) },
    });
    return { sent: true };
  });
}
