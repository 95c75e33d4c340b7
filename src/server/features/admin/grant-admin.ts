import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';

/**
 * Gives an existing account the platform-team role (`npm run admin:grant -- <email>`).
 * Returns false when no account has that email (matched case-insensitively).
 */
export async function grantAdmin(db: Executor, email: string): Promise<boolean> {
  const normalised = email.trim().toLowerCase();
  if (normalised === '') return false;
  const updated = await db
    .update(users)
    .set({ role: 'admin' })
    .where(eq(sql`lower(${users.email})`, normalised))
    .returning({ id: users.id });
  return updated.length > 0;
}
