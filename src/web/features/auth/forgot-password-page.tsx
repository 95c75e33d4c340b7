import type { ForgotPasswordForm } from '@shared/contracts/auth-forms';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useText } from '../../lib/text';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { requestPasswordReset } from '../../lib/auth-client';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver';
import { AuthShell } from './auth-shell';
import { showAuthError } from './show-auth-error';
import { SubmitButton } from './submit-button';

const validation = lazyZodResolver(() => import('@shared/contracts/auth-forms').then((m) => m.forgotPasswordFormSchema));

export default function ForgotPasswordPage() {
  const { t } = useText('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordForm>({ resolver: validation.resolver, defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      showAuthError(error, t);
    }
  });

  return (
    <AuthShell title={t('forgot.title')}>
      <Card>
        {sentTo ? (
          <CardContent className="flex flex-col items-center gap-4 pt-6 text-center sm:pt-8">
            <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
              <MailCheck className="size-7" aria-hidden="true" />
            </span>
            <h1 className="font-display text-2xl font-semibold">{t('forgot.sentTitle')}</h1>
            <p role="status">{t('forgot.sentBody', { email: sentTo })}</p>
            <Link to="/auth" className="font-semibold text-brand-700 underline underline-offset-4">
              {t('forgot.backToSignIn')}
            </Link>
          </CardContent>
        ) : (
          <>
            <CardHeader>
              <h1 className="font-display text-2xl font-semibold leading-tight">{t('forgot.title')}</h1>
              <CardDescription>{t('forgot.intro')}</CardDescription>
            </CardHeader>
            <CardContent>
              <form className="flex flex-col gap-4" noValidate onFocus={validation.preload} onSubmit={(event) => void onSubmit(event)}>
                <Field
                  label={t('fields.email')}
                  required
                  error={errors.email?.message ? t(`fields.errors.${errors.email.message}` as 'fields.errors.required') : undefined}
                >
                  <Input id="forgot-email" type="email" autoComplete="email" inputMode="email" placeholder={t('fields.emailPlaceholder')} {...register('email')} />
                </Field>
                <SubmitButton pending={isSubmitting} pendingText={t('forgot.submitting')}>
                  {t('forgot.submit')}
                </SubmitButton>
                <Link to="/auth" className="self-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
                  {t('forgot.backToSignIn')}
                </Link>
              </form>
            </CardContent>
          </>
        )}
      </Card>
    </AuthShell>
  );
}
