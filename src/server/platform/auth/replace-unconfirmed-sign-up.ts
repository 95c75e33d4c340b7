import { isLocale } from '@shared/locale';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';
import { hashPassword } from './password';
import { replaceCredentialPassword } from './replace-credential-password';

/** The user fields a sign-up form sets (already checked by normaliseUserFields). */
export interface SignUpFields {
  name?: unknown;
  phone?: unknown;
  userType?: unknown;
  isBusiness?: unknown;
  businessName?: unknown;
  locale?: unknown;
}

/**
 * A sign-up for an address that exists but was never confirmed takes the account over: the
 * new password replaces the stored one, and the new name and details replace the old.
 * Whoever signed up first has not proved the address, so their password must not survive
 * the owner's confirmation (ADR 054: an attacker signed up with a victim's
 * address, the victim signed up and confirmed, and the attacker's password was the one that
 * worked). Confirmed accounts are untouched: Better Auth mails their owner instead.
 *
 * Returns whether it replaced anything. Runs before Better Auth's sign-up, which then finds
 * the address taken and mails a fresh confirmation link (auth.ts, onExistingUserSignUp).
 */
export async function replaceUnconfirmedSignUp(
  db: Database,
  email: string,
  password: string,
  fields: SignUpFields,
): Promise<boolean> {
  // Better Auth looks addresses up lower-cased, exactly like this (sign-up.mjs).
  const [user] = await db
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  if (!user || user.emailVerified) return false;
  const hash = await hashPassword(password);
  const now = new Date();
  await db.transaction(async (tx) => {
    await replaceCredentialPassword(tx, user.id, hash, now);
    const set: Partial<typeof users.$inferInsert> = { updatedAt: now };
    if (typeof fields.name === 'string') set.name = fields.name;
    if ('phone' in fields) set.phone = typeof fields.phone === 'string' ? fields.phone : null;
    if (typeof fields.userType === 'string') set.userType = fields.userType;
    if (typeof fields.isBusiness === 'boolean') set.isBusiness = fields.isBusiness;
    if ('businessName' in fields) set.businessName = typeof fields.businessName === 'string' ? fields.businessName : null;
    if (isLocale(fields.locale)) set.locale = fields.locale;
    await tx.update(users).set(set).where(eq(users.id, user.id));
    if (typeof fields.name === 'string' || 'phone' in fields) {
      await tx
        .update(profiles)
        .set({ fullName: set.name, phone: set.phone })
        .where(eq(profiles.userId, user.id));
    }
    // An unconfirmed account cannot sign in, but leave nothing that outlives the takeover.
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
  return true;
}
