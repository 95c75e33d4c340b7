import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InterestResult } from '@shared/contracts/business-onboarding';
import type { Locale } from '@shared/locale';
import type { AppContext } from '../../platform/context';
import { users } from '../../db/schema/auth';
import { businessInterests } from '../../db/schema/businesses';
import { profiles } from '../../db/schema/profiles';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../mail/enqueue-mail';
import {
  CONFIRMATION_TTL_MS,
  confirmationUrl,
  createConfirmationToken,
  hashConfirmationToken,
} from './confirmation-token';
import { resendConfirmation } from './resend-confirmation';
import { isUniqueViolation } from '../../db/unique-violation';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Shaped like Better Auth's own ids, so storage keys built from it are safe. */
function newUserId(): string {
  let id = '';
  for (let i = 0; i < 32; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

export interface InterestValues {
  businessName: string;
  email: string;
  locale: Locale;
}

/**
 * /business/interest: creates the business user (no password yet: the owner sets one in the
 * wizard or signs in with Google later), the interest record with a hashed 48-hour token,
 * and the confirmation mail, all in one transaction, so a failure leaves nothing behind.
 *
 * - An address that already has a user answers the same 201 as a new one; its owner gets an
 *   "account exists" mail, or a fresh link when their unconfirmed interest has expired.
 * - Two submits racing each other: the loser hits the unique email and answers like the
 *   winner, so there is one user, one record and one mail (the spec ignores 23505).
 * - The mail is only queued here; if even queueing fails, nothing is created and the caller
 *   gets 503 `mail_delivery_failed` (the page's 'Email Delivery Issue' box).
 */
export async function registerInterest(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  input: InterestValues,
): Promise<InterestResult> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await ctx.db
    .select({ id: users.id, name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.email, email));
  if (existing) {
    // Answered exactly like a new address (ADR 035); the owner of the address is
    // told by mail instead. "Check your inbox" stays true: an unconfirmed owner whose link
    // has expired gets a fresh one, one whose link still works needs nothing new.
    const [interest] = await ctx.db.select().from(businessInterests).where(eq(businessInterests.email, email));
    if (interest && !interest.isConfirmed) {
      if (!interest.expiresAt || interest.expiresAt <= ctx.now()) await resendConfirmation(ctx, { email });
    } else {
      await enqueueMail(ctx.db, {
        to: email,
        template: 'account-exists',
        locale: existing.locale,
        data: { name: existing.name, signInUrl: `${ctx.config.publicUrl}/auth` },
      });
    }
    return { status: 'pending', email };
  }

  const token = createConfirmationToken();
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      // A record whose user is gone (or never existed) would block the address forever.
      await tx.delete(businessInterests).where(eq(businessInterests.email, email));
      const userId = newUserId();
      await tx.insert(users).values({
        id: userId,
        name: input.businessName,
        email,
        emailVerified: false,
        userType: 'business',
        isBusiness: true,
        businessName: input.businessName,
        locale: input.locale,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(profiles).values({ userId, email, fullName: input.businessName });
      await tx.insert(businessInterests).values({
        businessName: input.businessName,
        email,
        userId,
        userType: 'business',
        isConfirmed: false,
        confirmationToken: hashConfirmationToken(token),
        expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
      });
      try {
        await enqueueMail(tx, {
          to: email,
          template: 'business-confirmation',
          locale: input.locale,
          data: { url: confirmationUrl(ctx.config.publicUrl, token) },
        });
      } catch {
        // The detail is shown to the user ('Registration failed: {message}'): no internals.
        throw new AppError('mail_delivery_failed', 503, 'We could not send the confirmation email. Please try again in a few minutes.');
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'pending', email };
    throw error;
  }
  return { status: 'pending', email };
}
