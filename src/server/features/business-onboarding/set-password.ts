import { and, eq, isNotNull } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { accounts } from '../../db/schema/auth';
import type { AppContext } from '../../platform/context';
import { isCommonPassword } from '../../platform/auth/common-passwords';
import { AppError } from '../../platform/errors';

export async function hasPassword(db: AppContext['db'], userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)));
  return Boolean(row);
}

export async function hasGoogle(db: AppContext['db'], userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'google')))
    .limit(1);
  return Boolean(row);
}

/**
 * Whether the owner can come back once this session ends: a password, or Google (whose
 * sign-in needs none). The wizard's submit requires it, so nobody registers a business they
 * are then locked out of.
 */
export async function canSignInAgain(db: AppContext['db'], userId: string): Promise<boolean> {
  return (await hasPassword(db, userId)) || hasGoogle(db, userId);
}

/**
 * Gives an account made by the interest flow (no password) one, through Better Auth so the
 * same hashing and length rules apply as at sign-up; the common-password list is checked
 * here because Better Auth's hook only watches sign-up and reset. Someone who already has a
 * password changes it with reset instead (409 `password_already_set`).
 */
export async function setPassword(
  ctx: Pick<AppContext, 'db' | 'auth'>,
  userId: string,
  newPassword: string,
  headers: Headers,
): Promise<void> {
  if (await hasPassword(ctx.db, userId)) throw new AppError('password_already_set', 409, 'This account already has a password');
  if (isCommonPassword(newPassword)) {
    throw new AppError('PASSWORD_TOO_COMMON', 400, 'This password is too common; choose another one', {
      newPassword: 'PASSWORD_TOO_COMMON',
    });
  }
  try {
    await ctx.auth.api.setPassword({ body: { newPassword }, headers });
  } catch (error) {
    if (error instanceof APIError) {
      const code = String((error.body as { code?: unknown } | undefined)?.code ?? 'INVALID_PASSWORD');
      if (code === 'PASSWORD_ALREADY_SET') throw new AppError('password_already_set', 409, 'This account already has a password');
      if (error.statusCode === 401) throw AppError.unauthenticated();
      throw new AppError(code, 400, error.message, { newPassword: code });
    }
    throw error;
  }
}
