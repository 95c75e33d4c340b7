import { MailSearch } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { PurchaseLinksRequest, purchaseLinksRequestSchema } from '@shared/contracts/guest-checkout';
import { GUEST_LIMITS } from '@shared/contracts/guest-checkout-limits';
import { FormFailure, PublicFormPage, SendButton } from '@web/components/public-form-page';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { getLanguage } from '@web/lib/language';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { useText } from '@web/lib/text';

type Fields = Pick<z.output<typeof purchaseLinksRequestSchema>, 'email'>;
// The address, checked by the contract the server uses; zod loads on the form's first focus (ADR 039).
const findForm = lazyZodResolver(() => import('@shared/contracts/guest-checkout').then((m) => m.purchaseLinksRequestSchema.pick({ email: true })));

/**
 * "Find my purchases" (ADR 075): a guest who lost the receipt types the address they bought
 * with, and the links are mailed to it. The page says the same whatever the address bought,
 * so it tells nobody who bought what.
 */
export default function FindPurchasesPage() {
  const { t } = useText('orders');
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <PublicFormPage
      metaTitle={t('purchase.find.metaTitle')}
      icon={<MailSearch aria-hidden="true" className="size-7 text-brand-700" />}
      title={sentTo ? t('purchase.find.sentTitle') : t('purchase.find.title')}
    >
      {sentTo ? (
        <Card className="flex flex-col items-start gap-3 p-5" role="status" data-testid="purchase-links-sent">
          <p>{t('purchase.find.sent', { email: sentTo })}</p>
          <Button variant="outline" onClick={() => setSentTo(null)}>
            {t('purchase.find.again')}
          </Button>
        </Card>
      ) : (
        <FindForm onSent={setSentTo} />
      )}
    </PublicFormPage>
  );
}

function FindForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useText('orders');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Pick<PurchaseLinksRequest, 'email'>, unknown, Fields>({ resolver: findForm.resolver, reValidateMode: 'onSubmit', defaultValues: { email: '' } });
  const send = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      const body: PurchaseLinksRequest = { email, locale: getLanguage() };
      await apiRequest('/api/purchase-links', { method: 'POST', body });
      onSent(email);
    } catch (error) {
      if (error instanceof ApiError && error.problem.fields?.email) setError('email', { message: error.problem.fields.email });
      else setFormError(t(error instanceof ApiError && error.code === 'rate_limited' ? 'purchase.find.errors.rate_limited' : 'purchase.find.errors.default'));
    }
  });
  const emailError = errors.email?.message
    ? t(`purchase.find.errors.${errors.email.message}`, { defaultValue: t('purchase.find.errors.invalid_email') })
    : undefined;
  return (
    <form
      noValidate
      aria-labelledby="find-purchases-intro"
      className="flex flex-col gap-4"
      onFocus={findForm.preload}
      onSubmit={(event) => {
        if (isSubmitting) event.preventDefault();
        else void send(event);
      }}
    >
      <p id="find-purchases-intro">{t('purchase.find.intro')}</p>
      <Field label={t('purchase.find.email')} required error={emailError}>
        <Input type="email" inputMode="email" autoComplete="email" maxLength={GUEST_LIMITS.email} {...register('email')} />
      </Field>
      <FormFailure message={formError} />
      <SendButton isSending={isSubmitting} sendingText={t('purchase.find.sending')}>
        {t('purchase.find.submit')}
      </SendButton>
    </form>
  );
}
