import { useState } from 'react';
import type { SignUpForm as SignUpValues, SignUpFormInput } from '@shared/contracts/auth-forms';
import { useForm } from 'react-hook-form';
import { useText } from '../../lib/text';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { signUpWithEmail } from '../../lib/auth-client';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver';
import { useReturnPath } from '../../lib/return-path';
import { PasswordInput } from './password-input';
import { FormError } from './form-error';
import { dismissAuthError, showAuthError } from './show-auth-error';
import { SubmitButton } from './submit-button';

const validation = lazyZodResolver(() => import('@shared/contracts/auth-forms').then((m) => m.signUpFormSchema));

export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { t } = useText('auth');
  const returnPath = useReturnPath();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormInput, unknown, SignUpValues>({
    resolver: validation.resolver,
    defaultValues: { name: '', email: '', password: '', phone: '' },
  });

  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      // The confirmation link signs in and leads back to the page that asked for a session.
      await signUpWithEmail(values, returnPath);
      // A weak-password toast from the previous attempt must not outlive the success.
      dismissAuthError();
      onSignedUp(values.email);
    } catch (error) {
      setFormError(showAuthError(error, t));
    }
  });

  const fieldError = (message?: string) => (message ? t(`fields.errors.${message}` as 'fields.errors.required') : undefined);

  return (
    <form className="flex flex-col gap-4" noValidate onFocus={validation.preload} onSubmit={(event) => void onSubmit(event)}>
      <Field label={t('fields.name')} required error={fieldError(errors.name?.message)}>
        <Input id="sign-up-name" autoComplete="name" {...register('name')} />
      </Field>
      <Field label={t('fields.email')} required error={fieldError(errors.email?.message)}>
        <Input id="sign-up-email" type="email" autoComplete="email" inputMode="email" placeholder={t('fields.emailPlaceholder')} {...register('email')} />
      </Field>
      <Field label={t('fields.password')} required hint={t('fields.passwordRule')} error={fieldError(errors.password?.message)}>
        <PasswordInput id="sign-up-password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Field
        label={
          <>
            {t('fields.phone')} <span className="font-normal text-muted">{t('fields.optional')}</span>
          </>
        }
        error={fieldError(errors.phone?.message)}
      >
        <Input id="sign-up-phone" type="tel" autoComplete="tel" inputMode="tel" placeholder={t('fields.phonePlaceholder')} {...register('phone')} />
      </Field>
      <FormError message={formError} />
      <SubmitButton pending={isSubmitting} pendingText={t('signUp.submitting')}>
        {t('signUp.submit')}
      </SubmitButton>
    </form>
  );
}
