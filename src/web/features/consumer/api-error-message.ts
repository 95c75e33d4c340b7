import { ApiError } from '@web/lib/api-client';
import type { Translate } from '@web/lib/text';

/** The translated sentence for a failed request, from the problem's code. */
export function apiErrorMessage(t: Translate, error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'default';
  return t(`errors.${code}`, { defaultValue: t('errors.default') });
}

/** Field code → translated message, for the server's per-field validation answers. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.problem.fields ? error.problem.fields : {};
}
