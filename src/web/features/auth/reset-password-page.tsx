import type { ResetPasswordForm } from '@shared/contracts/auth-forms';
import { CircleCheck, LinkIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useText } from '../../lib/text';
import { Link, useSearchParams } from 'react-router';
import { buttonVariants } from '../../components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { AuthRequestError, resetPassword } from '../../lib/auth-client';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver';
import { PasswordInput } from './password-input';
import { AuthShell } from './auth-shell';
import { showAuthError } from './show-auth-error';
import { SubmitButton } from './submit-button';

const validation = lazyZodResolver(() => import('@shared/contracts/auth-forms').then((m) => m.resetPasswordFormSchema));

function Outcome({ icon, title, body, action }: { icon: ReactNode; title: string; body: string; action: ReactNode }) {
  return (
    <CardContent className="flex flex-col items-center gap-4 pt-6 text-center sm:pt-8">
      <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
      <h1 className="font-display text-2xl font-semibold">{title}</h1>
      <p role="status">{body}</p>
      {action}
    </CardContent>
  );
}

/**
 * The page the emailed reset link opens (Better Auth checks the token and redirects here
 * with `?token=…`, or with `?error=INVALID_TOKEN` when it is unknown or expired).
 */
export default function ResetPasswordPage() {
  const { t } = useText('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(token && !params.get('error') ? 'form' : 'invalid');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    resolver: validation.resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await resetPassword({ token: token!, newPassword: password });
      setState('done');
    } catch (error) {
      if (error instanceof AuthRequestError && (error.code === 'INVALID_TOKEN' || error.code === 'TOKEN_EXPIRED')) {
        setState('invalid');
        return;
      }
      showAuthError(error, t);
    }
  });

  const fieldError = (message?: string) => (message ? t(`fields.errors.${message}` as 'fields.errors.required') : undefined);

  return (
    <AuthShell title={t('reset.title')}>
      <Card>
        {state === 'done' ? (
          <Outcome
            icon={<CircleCheck className="size-7" aria-hidden="true" />}
            title={t('reset.doneTitle')}
            body={t('reset.doneBody')}
            action={
              <Link to="/auth" replace className={buttonVariants({ variant: 'primary', size: 'lg' })}>
                {t('reset.signIn')}
              </Link>
            }
          />
        ) : state === 'invalid' ? (
          <Outcome
            icon={<LinkIcon className="size-7" aria-hidden="true" />}
            title={t('reset.invalidTitle')}
            body={t('reset.invalidBody')}
            action={
              <Link to="/auth/forgot-password" className={buttonVariants({ variant: 'primary', size: 'lg' })}>
                {t('reset.requestNew')}
              </Link>
            }
          />
        ) : (
          <>
            <CardHeader>
              <h1 className="font-display text-2xl font-semibold leading-tight">{t('reset.title')}</h1>
              <CardDescription>{t('reset.intro')}</CardDescription>
            </CardHeader>
            <CardContent>
              <form className="flex flex-col gap-4" noValidate onFocus={validation.preload} onSubmit={(event) => void onSubmit(event)}>
                <Field label={t('fields.newPassword')} required hint={t('fields.passwordRule')} error={fieldError(errors.password?.message)}>
                  <PasswordInput id="reset-password" autoComplete="new-password" {...register('password')} />
                </Field>
                <Field label={t('fields.confirmPassword')} required error={fieldError(errors.confirmPassword?.message)}>
                  <PasswordInput id="reset-password-confirm" autoComplete="new-password" {...register('confirmPassword')} />
                </Field>
                <SubmitButton pending={isSubmitting} pendingText={t('reset.submitting')}>
                  {t('reset.submit')}
                </SubmitButton>
              </form>
            </CardContent>
          </>
        )}
      </Card>
    </AuthShell>
  );
}
