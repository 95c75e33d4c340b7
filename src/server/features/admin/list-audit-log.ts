import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ADMIN_PAGE_SIZE, type AdminAuditPage, type auditQuerySchema } from '@shared/contracts/admin';
import type { AdminAuditAction, AdminAuditTarget } from '@shared/domain/admin-audit';
import type { Executor } from '../../db/client';
import { adminAuditLog } from '../../db/schema/admin-audit-log';
import { containsPattern } from './like-pattern';

/** The audit trail, newest first, filtered by action, target and actor email. */
export async function listAuditLog(db: Executor, query: z.output<typeof auditQuerySchema>): Promise<AdminAuditPage> {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(adminAuditLog.action, query.action));
  if (query.targetType) conditions.push(eq(adminAuditLog.targetType, query.targetType));
  if (query.targetId) conditions.push(eq(adminAuditLog.targetId, query.targetId));
  if (query.actor) conditions.push(ilike(adminAuditLog.actorEmail, containsPattern(query.actor)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(adminAuditLog).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      actorEmail: r.actorEmail,
      action: r.action as AdminAuditAction,
      targetType: r.targetType as AdminAuditTarget,
      targetId: r.targetId,
      before: r.before,
      after: r.after,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
