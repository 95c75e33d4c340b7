import type { i18n as I18n, TFunction } from 'i18next';
import { toast } from '../../components/ui/toast';
import { describeAuthError } from './describe-auth-error';

/** Shows a failed auth request as a destructive toast in the visitor's language (spec §8). */
export function showAuthError(error: unknown, t: TFunction<'auth'>, i18n: I18n) {
  const text = describeAuthError(error, (code) => i18n.exists(`errors.${code}`, { ns: 'auth' }));
  toast.error(t(text.titleKey as 'errors.title'), {
    description: t(text.descriptionKey as 'errors.generic', text.values),
  });
}
