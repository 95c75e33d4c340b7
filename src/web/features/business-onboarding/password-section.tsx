import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useText } from '@web/lib/text';
import { setPasswordInputSchema } from '@shared/contracts/business-onboarding';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { useAuthOptions } from '@web/lib/use-auth-options';
import { getPasswordStatus, setPassword } from './api';
import { onboardingKeys } from './query-client';

/**
 * An owner who arrived through the interest link has no password: without one they could
 * not come back once this session ends. Hidden when the account already has one.
 */
export function PasswordSection({ email }: { email: string }) {
  const { t } = useText('business');
  const client = useQueryClient();
  // Google is only mentioned on a server where it is turned on.
  const authOptions = useAuthOptions();
  const status = useQuery({ queryKey: onboardingKeys.passwordStatus, queryFn: ({ signal }) => getPasswordStatus(signal) });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: setPassword,
    onSuccess: () => {
      toast.success(t('signup.password.saved'));
      client.setQueryData(onboardingKeys.passwordStatus, { hasPassword: true });
    },
    onError: (failure) => {
      const code = failure instanceof ApiError ? failure.code : '';
      if (code === 'password_already_set') {
        setError(t('signup.password.alreadySet'));
        return;
      }
      setError(t(`signup.password.errors.${code}`, { defaultValue: t('signup.password.failed') }));
    },
  });

  if (status.data?.hasPassword !== false) return null;

  const submit = () => {
    const parsed = setPasswordInputSchema.safeParse({ newPassword: value });
    if (!parsed.success) {
      setError(t(`signup.password.errors.${parsed.error.issues[0]?.message ?? 'PASSWORD_TOO_SHORT'}`));
      return;
    }
    save.mutate(parsed.data.newPassword);
  };

  return (
    <section aria-labelledby="password-title" className="flex flex-col gap-3 rounded-2xl border border-sea-200 bg-sea-50 p-4">
      <h3 id="password-title" className="flex items-center gap-2 font-semibold text-sea-900">
        <KeyRound className="size-5" aria-hidden="true" />
        {t('signup.password.title')}
      </h3>
      <p className="text-sm text-ink [overflow-wrap:anywhere]">{t('signup.password.lead', { email })}
        {authOptions?.google ? ` ${t('signup.password.googleHint')}` : null}
      </p>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {/* Lets password managers store the pair under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field label={t('signup.password.label')} hint={t('signup.password.rule')} error={error ?? undefined}>
          <Input
            id="signup-new-password"
            type="password"
            autoComplete="new-password"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
          />
        </Field>
        <Button type="submit" variant="secondary" className="self-start" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? <Spinner decorative className="text-white" /> : null}
          {save.isPending ? t('signup.password.saving') : t('signup.password.save')}
        </Button>
      </form>
    </section>
  );
}
