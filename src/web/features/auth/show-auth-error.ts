import { toast } from '../../components/ui/toast';
import type { Translate } from '../../lib/text';
import { describeAuthError } from './describe-auth-error';

/** One id for every auth error toast: a newer one replaces it, a success dismisses it. */
const AUTH_ERROR_TOAST = 'auth-error';

/**
 * Shows a failed auth request as a destructive toast in the visitor's language (spec §8) and
 * returns its description, so a form can also keep it on the page next to its fields: a
 * toast vanishes after a few seconds (WCAG 3.3.1).
 */
export function showAuthError(error: unknown, t: Translate): string {
  // `t` is the `auth` namespace's (useText): a key it has no text for comes back empty here.
  const text = describeAuthError(error, (code) => t(`errors.${code}`, { defaultValue: '' }) !== '');
  const description = t(text.descriptionKey, text.values);
  toast.error(t(text.titleKey), { id: AUTH_ERROR_TOAST, description });
  return description;
}

/** After a request succeeds, an error from an earlier attempt must not stay on screen. */
export function dismissAuthError() {
  toast.dismiss(AUTH_ERROR_TOAST);
}
