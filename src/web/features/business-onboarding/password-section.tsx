import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useText } from '@web/lib/text';
import { setPasswordInputSchema, type PasswordStatus, type SetPasswordInput } from '@shared/contracts/business-onboarding';
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
 * An owner confirmed before the mailed link asked for a password (or who came through
 * Google) has none: without one (or Google) they could not come back once this session ends,
 * so the wizard's step 1 waits for it. Hidden when the account already has one.
 */
export function PasswordSection({ email }: { email: string }) {
  const { t } = useText('business');
  const client = useQueryClient();
  // Google is only mentioned on a server where it is turned on.
  const authOptions = useAuthOptions();
  const status = useQuery({ queryKey: onboardingKeys.passwordStatus, queryFn: ({ signal }) => getPasswordStatus(signal) });
  // The wizard's page has zod already (step 1 is checked as it is typed): no lazy resolver here.
  // The error shows after "Save" and goes with the next keystroke, until the next "Save".
  const form = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordInputSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { newPassword: '' },
  });
  const setError = (code: string) => form.setError('newPassword', { type: 'server', message: code });
  const save = useMutation({
    mutationFn: setPassword,
    onSuccess: () => {
      toast.success(t('signup.password.saved'));
      client.setQueryData(onboardingKeys.passwordStatus, (current: PasswordStatus | undefined) => ({ hasGoogle: false, ...current, hasPassword: true }));
    },
    onError: (failure) => {
      setError(failure instanceof ApiError ? failure.code : '');
    },
  });

  if (status.data?.hasPassword !== false) return null;

  const submit = form.handleSubmit(({ newPassword }) => save.mutate(newPassword));
  // A code from the contract (PASSWORD_TOO_SHORT…) or from the server's answer.
  const code = form.formState.errors.newPassword?.message;
  const errorText =
    code === undefined
      ? undefined
      : code === 'password_already_set'
        ? t('signup.password.alreadySet')
        : t(`signup.password.errors.${code}`, { defaultValue: t('signup.password.failed') });

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
        onSubmit={(event) => void submit(event)}
      >
        {/* Lets password managers store the pair under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field label={t('signup.password.label')} hint={t('signup.password.rule')} error={errorText}>
          <Input
            id="signup-new-password"
            type="password"
            autoComplete="new-password"
            {...form.register('newPassword', { onChange: () => form.clearErrors('newPassword') })}
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
