import { AlertTriangle, MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useText } from '@web/lib/text';
import { Link } from 'react-router';
import type { InterestInput } from '@shared/contracts/business-onboarding';
import { Button } from '@web/components/ui/button';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { getLanguage } from '@web/lib/language';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { registerInterest } from './api';
import { OnboardingShell } from './onboarding-shell';

type InterestForm = Pick<InterestInput, 'businessName' | 'email'>;
// zod and the contract load on the form's first focus, not with the page (ADR 046).
const interestForm = lazyZodResolver(() =>
  import('@shared/contracts/business-onboarding').then((m) => m.interestInputSchema.pick({ businessName: true, email: true })),
);

export default function InterestPage() {
  const { t } = useText('business');
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <OnboardingShell title={sentTo ? t('interest.success.title') : t('interest.metaTitle')}>
      {sentTo ? <CheckEmailView email={sentTo} /> : <InterestFormCard onSent={setSentTo} />}
    </OnboardingShell>
  );
}

function InterestFormCard({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useText('business');
  const [deliveryError, setDeliveryError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InterestForm>({
    resolver: interestForm.resolver,
    defaultValues: { businessName: '', email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setDeliveryError(null);
    try {
      const result = await registerInterest({ ...values, locale: getLanguage() });
      toast.success(t('interest.success.toastTitle'), { description: t('interest.success.toastBody') });
      onSent(result.email);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        toast.error(t('interest.errors.generic'));
      } else if (error.code === 'mail_delivery_failed') {
        setDeliveryError(error.problem.detail ?? error.problem.title);
      } else if (error.code === 'validation_failed' && error.problem.fields) {
        for (const [name, code] of Object.entries(error.problem.fields)) {
          if (name === 'businessName' || name === 'email') setError(name, { message: code });
        }
      } else {
        toast.error(t('interest.errors.generic'), {
          description: error.code === 'rate_limited' ? t('interest.errors.rateLimited') : undefined,
        });
      }
    }
  });

  const fieldError = (code?: string) =>
    code ? t(`interest.errors.${code}`, { defaultValue: t('interest.errors.fieldRequired') }) : undefined;

  return (
    <section aria-labelledby="interest-title" className="flex flex-col gap-5 rounded-2xl border border-line bg-white p-5 shadow-soft sm:p-6">
      <div className="flex flex-col gap-2">
        <h1 id="interest-title" className="font-display text-2xl font-semibold">
          {t('interest.title')}
        </h1>
        <p className="text-muted">{t('interest.lead')}</p>
      </div>
      {deliveryError !== null ? (
        <div role="alert" className="flex gap-3 rounded-xl border border-danger-600/40 bg-danger-50 p-4 text-danger-700">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">{t('interest.errors.deliveryTitle')}</p>
            <p className="text-sm">{t('interest.errors.deliveryFailed', { message: deliveryError })}</p>
          </div>
        </div>
      ) : null}
      <form className="flex flex-col gap-4" noValidate onFocus={interestForm.preload} onSubmit={(event) => void onSubmit(event)}>
        <Field label={t('interest.businessName')} required error={fieldError(errors.businessName?.message)}>
          <Input
            id="interest-business-name"
            autoComplete="organization"
            placeholder={t('interest.businessNamePlaceholder')}
            {...register('businessName')}
          />
        </Field>
        <Field label={t('interest.email')} required error={fieldError(errors.email?.message)}>
          <Input
            id="interest-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('interest.emailPlaceholder')}
            {...register('email')}
          />
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <Spinner decorative className="text-white" /> : null}
          {isSubmitting ? t('interest.submitting') : t('interest.submit')}
        </Button>
      </form>
      <p className="text-center text-sm text-muted">
        {t('interest.haveAccount')}{' '}
        <Link to="/auth" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t('interest.signIn')}
        </Link>
      </p>
    </section>
  );
}

function CheckEmailView({ email }: { email: string }) {
  const { t } = useText('business');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form disappears under the keyboard focus; move focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="check-email-title" className="flex flex-col gap-5 rounded-2xl border border-line bg-white p-5 shadow-soft sm:p-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
          <MailCheck className="size-7" aria-hidden="true" />
        </span>
        <h1 id="check-email-title" ref={headingRef} tabIndex={-1} className="font-display text-2xl font-semibold outline-none">
          {t('interest.success.title')}
        </h1>
        <p className="[overflow-wrap:anywhere]">{t('interest.success.lead', { email })}</p>
      </div>
      <div>
        <h2 className="mb-2 font-semibold">{t('interest.success.nextSteps')}</h2>
        <ol className="flex list-decimal flex-col gap-1.5 pl-5 text-ink">
          <li>{t('interest.success.step1')}</li>
          <li>{t('interest.success.step2')}</li>
          <li>{t('interest.success.step3')}</li>
        </ol>
      </div>
      <p className="rounded-xl bg-sand-100 p-3 text-sm text-muted">{t('interest.success.spamTip')}</p>
      <a href="/" className={buttonVariants({ variant: 'outline', size: 'lg', className: 'w-full' })}>
        {t('interest.success.backHome')}
      </a>
    </section>
  );
}
