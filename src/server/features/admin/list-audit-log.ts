import { invoices } from '../../db/schema/invoices';
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ADMIN_PAGE_SIZE, type AdminAuditPage, type auditQuerySchema } from '@shared/contracts/admin';
import type { AdminAuditAction, AdminAuditTarget } from '@shared/domain/admin-audit';
import type { Executor } from '../../db/client';
import { adminAuditLog } from '../../db/schema/admin-audit-log';
import { users } from '../../db/schema/auth';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { isUuid } from '../../db/query-helpers';
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
  const labels = await targetLabels(db, rows);
  return {
    items: rows.map((r) => ({
      id: r.id,
      targetLabel: labels.get(`${r.targetType}:${r.targetId}`) ?? null,
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

/**
 * What each row is about, in words the team reads: the business's name, the order's gift,
 * recipient and business, the person's name and email. Looked up now (a renamed business
 * shows its current name); null when the target is gone. Four queries per page at most.
 */
async function targetLabels(db: Executor, rows: { targetType: string; targetId: string }[]): Promise<Map<string, string>> {
  const idsOf = (type: AdminAuditTarget) => [...new Set(rows.filter((r) => r.targetType === type).map((r) => r.targetId))];
  const businessIds = idsOf('business').filter(isUuid);
  const orderIds = idsOf('order').filter(isUuid);
  const userIds = idsOf('user');
  const invoiceIds = idsOf('invoice').filter(isUuid);
  const [businessRows, orderRows, userRows, invoiceRows] = await Promise.all([
    businessIds.length > 0 ? db.select({ id: businesses.id, name: businesses.name }).from(businesses).where(inArray(businesses.id, businessIds)) : [],
    orderIds.length > 0
      ? db
          .select({ id: orders.id, giftName: gifts.name, recipientName: orders.recipientName, businessName: businesses.name })
          .from(orders)
          .innerJoin(gifts, eq(gifts.id, orders.giftId))
          .innerJoin(businesses, eq(businesses.id, orders.businessId))
          .where(inArray(orders.id, orderIds))
      : [],
    userIds.length > 0 ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, userIds)) : [],
    invoiceIds.length > 0
      ? db.select({ id: invoices.id, fullNumber: invoices.fullNumber, recipientName: invoices.recipientName }).from(invoices).where(inArray(invoices.id, invoiceIds))
      : [],
  ]);
  const labels = new Map<string, string>();
  for (const b of businessRows) labels.set(`business:${b.id}`, b.name);
  for (const o of orderRows) labels.set(`order:${o.id}`, `${o.giftName} · ${o.recipientName} · ${o.businessName}`);
  for (const u of userRows) labels.set(`user:${u.id}`, u.name ? `${u.name} (${u.email})` : u.email);
  for (const i of invoiceRows) labels.set(`invoice:${i.id}`, `${i.fullNumber} · ${i.recipientName}`);
  return labels;
}
