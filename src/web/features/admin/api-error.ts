import { ApiError } from '@web/lib/api-client';
import { getText } from '@web/lib/text';

/** The translated sentence for a failed admin request, from the problem's code. */
export function adminErrorMessage(error: unknown): string {
  const t = getText('admin');
  const code = error instanceof ApiError ? error.code : 'default';
  return t(`errors.${code}`, { defaultValue: t('errors.default') });
}

/** Field → translated message, for the server's per-field validation answers. */
export function adminFieldErrors(error: unknown): Record<string, string> {
  const t = getText('admin');
  const fields = error instanceof ApiError && error.problem.fields ? error.problem.fields : {};
  return Object.fromEntries(Object.entries(fields).map(([field, code]) => [field, t(`fieldErrors.${code}`, { defaultValue: t('fieldErrors.invalid') })]));
}
