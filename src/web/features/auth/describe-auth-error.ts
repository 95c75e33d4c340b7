import { AuthRequestError } from '../../lib/auth-client';

/** Translation keys (namespace `auth`) for a toast about a failed auth request. */
export interface AuthErrorText {
  titleKey: string;
  descriptionKey: string;
  values?: Record<string, string | number>;
}

const weakPasswordCodes = new Set(['PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'PASSWORD_TOO_COMMON']);

/**
 * Every code the server lists in src/shared/contracts/auth.ts has a text in `auth.errors`
 * (the catalogue test checks it); anything unknown gets the generic message rather than the
 * service's English text.
 */
export function describeAuthError(error: unknown, hasText: (code: string) => boolean): AuthErrorText {
  if (!(error instanceof AuthRequestError)) {
    return { titleKey: 'errors.title', descriptionKey: 'errors.generic' };
  }
  const { code, retryAfter } = error;
  if (code === 'rate_limited') {
    return retryAfter
      ? { titleKey: 'errors.title', descriptionKey: 'errors.rate_limited_seconds', values: { count: retryAfter } }
      : { titleKey: 'errors.title', descriptionKey: 'errors.rate_limited' };
  }
  if (weakPasswordCodes.has(code)) {
    return { titleKey: 'errors.weakPasswordTitle', descriptionKey: `errors.${code}` };
  }
  if (hasText(code)) return { titleKey: 'errors.title', descriptionKey: `errors.${code}` };
  if (error.status === 401) return { titleKey: 'errors.title', descriptionKey: 'errors.unauthenticated' };
  return { titleKey: 'errors.title', descriptionKey: 'errors.generic' };
}
