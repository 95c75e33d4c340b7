import { ApiError } from './api-client';
import { getText } from './text';

/** The catalogues with a signed-in area's `errors.<code>` sentences (and `errors.default`). */
export type ErrorTexts = 'admin' | 'app' | 'dashboard';

/** The problem's code of a failed request; `default` for anything that is not an answer. */
export const apiErrorCode = (error: unknown): string => (error instanceof ApiError ? error.code : 'default');

/**
 * The translated sentence for a failed request, from the problem's code, in the language shown
 * now (a component that renders it re-renders on a language change through its own useText).
 */
export function apiErrorMessage(error: unknown, texts: ErrorTexts): string {
  const t = getText(texts);
  return t(`errors.${apiErrorCode(error)}`, { defaultValue: t('errors.default') });
}

/** Field → message code, for the server's per-field validation answers. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.problem.fields ? error.problem.fields : {};
}
