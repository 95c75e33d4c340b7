import { formatDateTime, formatPercent, formatPrice } from '@shared/format';
import type { Language } from '@web/lib/language';
import type { Translate } from '@web/lib/text';

/**
 * An audit row's before/after as the team reads it: each field by its name,
 * dates and amounts formatted, statuses in words, `yes`/`no` for switches. A field the
 * action did not change (only in `before`) is shown as context with its value, never as
 * "… → undefined"; a field only in `after` is what the action set.
 */
export interface AuditChangeLine {
  field: string;
  from: string | null;
  to: string | null;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function formatValue(field: string, value: unknown, t: Translate, language: Language): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'boolean') return t(value ? 'audit.values.yes' : 'audit.values.no');
  if (field === 'amount' && typeof value === 'number') return formatPrice(value);
  if ((field === 'commissionRate' || field === 'proposedCommissionRate') && (typeof value === 'number' || typeof value === 'string')) return formatPercent(Number(value));
  if (field === 'status' && typeof value === 'string') return t(`orderStatus.${value}`, { defaultValue: value });
  if (field === 'verificationStatus' && typeof value === 'string') return t(`applicationStatus.${value}`, { defaultValue: value });
  if (field === 'role' && typeof value === 'string') return t(`audit.roles.${value}`, { defaultValue: value });
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDateTime(value, language);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

export function describeAuditChange(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  t: Translate,
  language: Language,
): AuditChangeLine[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((key) => {
      const from = before && key in before ? formatValue(key, before[key], t, language) : null;
      const to = after && key in after ? formatValue(key, after[key], t, language) : null;
      const field = t(`audit.fields.${key}`, { defaultValue: key });
      // Unchanged, or not part of the change: one value, no arrow.
      if (from === to || to === null) return { field, from: null, to: from };
      return { field, from, to };
    })
    .filter((line) => line.to !== null || line.from !== null);
}
