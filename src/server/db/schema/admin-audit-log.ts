import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { adminAuditActions, adminAuditTargets } from '@shared/domain/admin-audit';
import { users } from './auth';
import { createdAt, id, sqlList } from './columns';

/**
 * What the platform team did, one row per action, written in the same transaction as the
 * change it records. The app only inserts and reads: no code path updates or deletes a row.
 * The actor is kept as an id AND an email so a row still says who acted after that account
 * is gone (the id is set null, the email stays); a command-line grant has no actor id.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: id(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('admin_audit_log_action_check', sql`${t.action} in (${sqlList(adminAuditActions)})`),
    check('admin_audit_log_target_type_check', sql`${t.targetType} in (${sqlList(adminAuditTargets)})`),
    index('admin_audit_log_created_idx').on(t.createdAt.desc()),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
