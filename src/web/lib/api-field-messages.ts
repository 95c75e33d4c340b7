import { apiFieldErrors, type ErrorTexts } from './api-error';
import { getText } from './text';

/**
 * Field → translated message (`fieldErrors.<code>` of `texts`), for forms that show the
 * server's sentence rather than word each code themselves (the back office). Beside
 * api-error.ts rather than in it: every signed-in area loads that one, and only the back
 * office needs this (the partner dashboard's gifts tab is within a few hundred bytes of its
 * budget).
 */
export function apiFieldMessages(error: unknown, texts: ErrorTexts): Record<string, string> {
  const t = getText(texts);
  return Object.fromEntries(
    Object.entries(apiFieldErrors(error)).map(([field, code]) => [field, t(`fieldErrors.${code}`, { defaultValue: t('fieldErrors.invalid') })]),
  );
}
