/** Every action the platform team can take; each one writes an audit row (admin_audit_log). */
export const adminAuditActions = [
  'application_approved',
  'application_rejected',
  'commission_changed',
  'business_deactivated',
  'business_reactivated',
  'order_expiry_extended',
  'order_cancelled',
  'order_refunded',
  'transfer_retried',
  'admin_granted',
  'admin_revoked',
  'report_hidden',
  'report_kept',
  'invoice_cancelled',
  'card_use_undone',
] as const;
export type AdminAuditAction = (typeof adminAuditActions)[number];

export const adminAuditTargets = ['business', 'order', 'user', 'report', 'invoice'] as const;
export type AdminAuditTarget = (typeof adminAuditTargets)[number];

/** The actor recorded for changes made with `npm run admin:grant|admin:revoke`. */
export const COMMAND_LINE_ACTOR = 'command-line';
