import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { refreshSession } from '@web/lib/session';
import { getText } from '@web/lib/text';

/** The translated sentence for a failed request, from the problem's code. */
export function apiErrorMessage(error: unknown): string {
  const t = getText('dashboard');
  const code = error instanceof ApiError ? error.code : 'default';
  return t(`errors.${code}`, { defaultValue: t('errors.default') });
}

/** Field → message code, for the server's per-field validation answers. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.problem.fields ? error.problem.fields : {};
}

/** The specification's failure toast: destructive, titled 'error', with the service message. */
export function reportApiError(error: unknown) {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  // A session that ended elsewhere: re-reading it lets RequireSession send the user to /auth.
  if (error instanceof ApiError && error.status === 401) void refreshSession();
  const code = error instanceof ApiError ? error.code : 'default';
  toast.error(getText('common')('error'), {
    // One toast per kind of failure: several queries failing together say it once.
    id: `dashboard-error-${code}`,
    description: apiErrorMessage(error),
  });
}
