import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DeleteAccountInput } from '@shared/contracts/account';
import type { Database } from '../../db/client';
import { accounts, users, verifications } from '../../db/schema/auth';
import { businessApplications, businesses, businessInterests } from '../../db/schema/businesses';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { checkouts } from '../../db/schema/orders';
import { verifyPassword } from '../../platform/auth/password';
import { AppError } from '../../platform/errors';
import type { Storage } from '../../platform/storage/storage';

/**
 * Erases an account (GDPR right to erasure), in one transaction:
 * - the user row goes, and with it (FK cascade) sessions, sign-in methods, profile, contacts;
 * - orders they sent stay for the businesses' books with buyer_id set null (FK set null), and
 *   purchases made as a guest with their address lose the guest's name and email;
 * - a business they own stays (its orders reference it) with owner_id null and inactive,
 *   stripped to what the books need (see below); its applications, documents and image go;
 * - their partner-interest record, pending tokens and emails addressed to them are deleted.
 */
/** How recent a sign-in must be to delete an account that has no password (Google). */
export const REAUTHENTICATION_WINDOW_MS = 15 * 60_000;

export async function deleteAccount(
  ctx: { db: Database; storage: Storage; log?: { error(obj: object, msg: string): void } },
  user: { id: string; email: string },
  input: DeleteAccountInput,
  session: { createdAt: Date; now: Date },
): Promise<void> {
  const { db } = ctx;
  // A stolen session knows the email address; only the owner knows the password. Without a
  // password (Google), a sign-in within the last minutes stands in for it (ADR 035).
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
  if (credential?.password) {
    if (!input.password) {
      throw new AppError('confirmation_mismatch', 400, 'Enter your password to confirm', { password: 'passwordRequired' });
    }
    if (!(await verifyPassword(input.password, credential.password))) {
      throw new AppError('confirmation_mismatch', 400, 'The password is not correct', { password: 'passwordMismatch' });
    }
  } else {
    if ((input.confirm ?? '').trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError('confirmation_mismatch', 400, 'Type your email address to confirm', { confirm: 'confirmation_mismatch' });
    }
    if (session.now.getTime() - session.createdAt.getTime() > REAUTHENTICATION_WINDOW_MS) {
      throw new AppError('reauthentication_required', 403, 'Sign in again, then delete your account within 15 minutes');
    }
  }

  const owned = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.ownerId, user.id));
  await db.transaction(async (tx) => {
    // The business row stays for the books (its orders reference it): name, category, tax
    // id and commission rate are what commission invoices need (kept 6 years, Código de
    // Comercio art. 30). Its contact details, documents, image and applications go. The DAC7
    // seller details (names, date of birth, IBAN: ADR 100) stay too: the platform must keep
    // what it reported, or must still report for this year, for 5 to 10 years (Directive
    // 2021/514, Annex V's record keeping).
    await tx
      .update(businesses)
      .set({
        isActive: false,
        address: '',
        phone: null,
        email: null,
        website: null,
        description: null,
        imageUrl: null,
        businessRegistrationNumber: null,
        rejectionReason: null,
        verificationDocuments: [],
      })
      .where(eq(businesses.ownerId, user.id));
    if (owned.length > 0) {
      await tx.delete(businessApplications).where(inArray(businessApplications.businessId, owned.map((b) => b.id)));
    }
    await tx
      .delete(businessInterests)
      .where(or(eq(businessInterests.userId, user.id), eq(sql`lower(${businessInterests.email})`, user.email.toLowerCase())));
    // Purchases made as a guest with this address (claimed or not, ADR 075) forget who made
    // them, like the account's own: their signed links stop opening them.
    await tx
      .update(checkouts)
      .set({ guestName: null, guestEmail: null, guestLocale: null, claimedAt: null })
      .where(or(eq(checkouts.buyerId, user.id), eq(sql`lower(${checkouts.guestEmail})`, user.email.toLowerCase())));
    await tx.delete(verifications).where(eq(verifications.value, user.id));
    await tx.delete(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, user.email.toLowerCase()));
    await tx.delete(users).where(eq(users.id, user.id));
  });

  // Files last, once the rows no longer point at them: documents (the identity document
  // too), their sidecars, the public image and its variants, and unadopted temp uploads.
  const prefixes = [...owned.map((b) => `${b.id}/`), `temp/${user.id}/`];
  for (const prefix of prefixes) {
    for (const entry of await ctx.storage.list(prefix)) {
      try {
        await ctx.storage.delete(entry.key);
      } catch (error) {
        ctx.log?.error({ err: error, key: entry.key }, 'could not delete a file of an erased account');
      }
    }
  }
}
