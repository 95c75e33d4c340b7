import { eq, sql } from 'drizzle-orm';
import { COMMAND_LINE_ACTOR } from '@shared/domain/admin-audit';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { recordAdminAction } from '../../domain/admin/record-admin-action';

/**
 * Gives an existing account the platform-team role (`npm run admin:grant -- <email>`).
 * Returns false when no account has that email (matched case-insensitively). A real change
 * is audited in the same transaction; granting an admin again changes and records nothing.
 */
export async function grantAdmin(db: Database, email: string, now = new Date()): Promise<boolean> {
  return setRole(db, email, 'admin', now);
}

export async function setRole(db: Database, email: string, role: 'admin' | 'user', now: Date): Promise<boolean> {
  const normalised = email.trim().toLowerCase();
  if (normalised === '') return false;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(sql`lower(${users.email})`, normalised))
      .for('update');
    if (!user) return false;
    if (user.role === role) return true;
    await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, user.id));
    await recordAdminAction(
      tx,
      { id: null, email: COMMAND_LINE_ACTOR },
      {
        action: role === 'admin' ? 'admin_granted' : 'admin_revoked',
        targetType: 'user',
        targetId: user.id,
        before: { role: user.role, email: normalised },
        after: { role, email: normalised },
      },
      now,
    );
    return true;
  });
}
