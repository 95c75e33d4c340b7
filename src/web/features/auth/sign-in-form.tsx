import type { SignInForm as SignInValues } from '@shared/contracts/auth-forms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useText } from '../../lib/text';
import { Link, useNavigate } from 'react-router';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { AuthRequestError, signInWithEmail } from '../../lib/auth-client';
import { homePathFor } from '../../lib/home-path';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver';
import { useReturnPath } from '../../lib/return-path';
import { refreshSession, toSessionUser } from '../../lib/session';
import { PasswordInput } from './password-input';
import { ResendVerification } from './resend-verification';
import { FormError } from './form-error';
import { dismissAuthError, showAuthError } from './show-auth-error';
import { SubmitButton } from './submit-button';

const validation = lazyZodResolver(() => import('@shared/contracts/auth-forms').then((m) => m.signInFormSchema));

export function SignInForm() {
  const { t } = useText('auth');
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ resolver: validation.resolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    setFormError(null);
    try {
      const result = await signInWithEmail(values);
      dismissAuthError();
      await refreshSession();
      // Back to the page that asked for a session (ADR 067), else each role lands in its own
      // area: admin, business dashboard or consumer.
      void navigate(returnPath ?? homePathFor(toSessionUser(result?.user)), { replace: true });
    } catch (error) {
      // Not an error to apologise for: the account exists, it only needs its email confirmed.
      if (error instanceof AuthRequestError && error.code === 'EMAIL_NOT_VERIFIED') {
        setUnverifiedEmail(values.email);
        return;
      }
      setFormError(showAuthError(error, t));
    }
  });

  const fieldError = (message?: string) => (message ? t(`fields.errors.${message}` as 'fields.errors.required') : undefined);

  return (
    <div className="flex flex-col gap-4">
      {unverifiedEmail ? <ResendVerification email={unverifiedEmail} /> : null}
      <form className="flex flex-col gap-4" noValidate onFocus={validation.preload} onSubmit={(event) => void onSubmit(event)}>
        <Field label={t('fields.email')} required error={fieldError(errors.email?.message)}>
          <Input id="sign-in-email" type="email" autoComplete="email" inputMode="email" placeholder={t('fields.emailPlaceholder')} {...register('email')} />
        </Field>
        <Field label={t('fields.password')} required error={fieldError(errors.password?.message)}>
          <PasswordInput id="sign-in-password" autoComplete="current-password" {...register('password')} />
        </Field>
        <Link to="/auth/forgot-password" className="self-end text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          {t('signIn.forgotPassword')}
        </Link>
        <FormError message={formError} />
        <SubmitButton pending={isSubmitting} pendingText={t('signIn.submitting')}>
          {t('signIn.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
