import type { RedemptionOrder } from '@shared/contracts/redemption';
import { refusalForStatus } from '@shared/contracts/redemption-refusal';
import { formatDate, formatDateTime } from '@shared/format';
import { ApiError } from '@web/lib/api-client';
import type { Language } from '@web/lib/language';
import type { Translate } from '@web/lib/text';

/** Why this order cannot be redeemed, in words (null: it can). */
export function statusRefusal(order: RedemptionOrder, t: Translate, language: Language): string | null {
  const code = refusalForStatus(order.status);
  if (!code) return null;
  if (code === 'order_already_redeemed' && order.redeemedAt) {
    return t('errors.order_already_redeemed', { date: formatDateTime(order.redeemedAt, language) });
  }
  if (code === 'order_expired') return t('errors.order_expired', { date: formatDate(order.expiresAt, language) });
  return t(code === 'order_already_redeemed' ? 'errors.order_already_redeemed_undated' : `errors.${code}`);
}

/** The message for a failed call; every known problem code has its own sentence. */
export function errorMessage(error: unknown, t: Translate): string {
  const code = error instanceof ApiError ? error.code : 'default';
  if (code === 'order_already_redeemed' || code === 'order_expired') return t(`errors.${code}_undated`);
  return t(`errors.${code}`, { defaultValue: t('errors.default') });
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'network_error';
}
