import type { AdminAuditAction, AdminAuditTarget } from '@shared/domain/admin-audit';
import type { Executor } from '../../db/client';
import { adminAuditLog } from '../../db/schema/admin-audit-log';

export interface AdminActor {
  /** null for the command line (`npm run admin:grant|admin:revoke`). */
  id: string | null;
  email: string;
}

export interface AdminActionRecord {
  action: AdminAuditAction;
  targetType: AdminAuditTarget;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string | null;
}

/**
 * Writes the audit row of an admin action. Always pass the transaction that makes the change,
 * so the row exists if and only if the change commits. Insert-only by design.
 */
export async function recordAdminAction(tx: Executor, actor: AdminActor, record: AdminActionRecord, at: Date): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    before: record.before,
    after: record.after,
    reason: record.reason ?? null,
    createdAt: at,
  });
}
