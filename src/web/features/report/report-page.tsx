import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { createReportInputSchema, CreateReportInput, ReportReceipt } from '@shared/contracts/listing-reports';
import { reportCategories, REPORT_LIMITS } from '@shared/domain/listing-reports';
import { FormFailure, PublicFormPage, SendButton } from '@web/components/public-form-page';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input, controlClasses } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { getLanguage } from '@web/lib/language';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { useText } from '@web/lib/text';

type Fields = 'category' | 'explanation' | 'email';
type ReportFields = Pick<z.output<typeof createReportInputSchema>, Fields>;
// The fields the reporter fills, checked by the contract the server uses; zod loads on the
// form's first focus, not with the page (ADR 039).
const reportForm = lazyZodResolver(() =>
  import('@shared/contracts/listing-reports').then((m) => m.createReportInputSchema.pick({ category: true, explanation: true, email: true })),
);

/**
 * "Report" / "Denunciar" (DSA art. 16, ADR 059): what is wrong, why, and an optional email
 * for the acknowledgement. Open to anyone, signed in or not; the server checks the listing
 * exists in the catalogue and answers with the reference.
 *   /report?type=gift|business&id=<uuid>&name=<what the link was next to>
 */
export default function ReportPage() {
  const { t } = useText('report');
  const [receipt, setReceipt] = useState<(ReportReceipt & { withEmail: boolean }) | null>(null);
  return (
    <PublicFormPage metaTitle={t('metaTitle')} icon={<Flag aria-hidden="true" className="size-7 text-brand-700" />} title={receipt ? t('sent.title') : t('title')}>
      {receipt ? (
        <Card className="flex flex-col gap-3 p-5" data-testid="report-sent" role="status">
          <p>{t('sent.body', { id: receipt.id })}</p>
          {receipt.withEmail ? <p>{t('sent.withEmail')}</p> : null}
          <Link to="/app?tab=gifts" className="font-semibold text-sea-700 underline underline-offset-4">
            {t('sent.back')}
          </Link>
        </Card>
      ) : (
        <ReportForm onSent={setReceipt} />
      )}
    </PublicFormPage>
  );
}

function ReportForm({ onSent }: { onSent: (receipt: ReportReceipt & { withEmail: boolean }) => void }) {
  const { t } = useText('report');
  const [params] = useSearchParams();
  const type = params.get('type') === 'business' ? 'business' : 'gift';
  const id = params.get('id') ?? '';
  const name = params.get('name') ?? '';
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Pick<CreateReportInput, Fields>, unknown, ReportFields>({
    resolver: reportForm.resolver,
    reValidateMode: 'onSubmit',
    // No category yet: the select shows its placeholder, and the contract answers `required`.
    defaultValues: { explanation: '', email: '' },
  });

  const fieldError = (field: Fields) => (errors[field]?.message ? t(`errors.fields.${errors[field].message}`) : undefined);

  const send = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const body: CreateReportInput = { targetType: type, targetId: id, ...values, locale: getLanguage() };
      const result = await apiRequest<ReportReceipt>('/api/reports', { method: 'POST', body });
      onSent({ ...result, withEmail: Boolean(values.email) });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.problem.fields) {
        for (const [field, code] of Object.entries(error.problem.fields)) {
          if (field === 'category' || field === 'explanation' || field === 'email') setError(field, { message: code });
        }
      } else if (error instanceof ApiError && (error.code === 'report_target_not_found' || error.code === 'rate_limited')) {
        setFormError(t(`errors.${error.code}`));
      } else {
        setFormError(t('errors.default'));
      }
    }
  });

  return (
    <form
      noValidate
      aria-labelledby="report-form-title"
      className="flex flex-col gap-4"
      onFocus={reportForm.preload}
      onSubmit={(event) => {
        setFormError(null);
        if (isSubmitting) event.preventDefault();
        else void send(event);
      }}
    >
      <p id="report-form-title">{t('intro')}</p>
      {name ? (
        <p className="rounded-xl bg-sand-100 p-3 font-semibold" data-testid="report-target">
          {t('reporting', { listing: name })}
        </p>
      ) : null}
      <Field label={t('category.label')} required error={fieldError('category')}>
        <select className={controlClasses} {...register('category')}>
          <option value="">{t('category.placeholder')}</option>
          {reportCategories.map((value) => (
            <option key={value} value={value}>
              {t(`category.${value}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('explanation.label')} required hint={t('explanation.hint')} error={fieldError('explanation')}>
        <Textarea rows={5} maxLength={REPORT_LIMITS.explanation} {...register('explanation')} />
      </Field>
      <Field label={t('email.label')} hint={t('email.hint')} error={fieldError('email')}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </Field>
      <p className="text-sm text-muted">{t('goodFaith')}</p>
      <FormFailure message={formError} />
      <SendButton isSending={isSubmitting} sendingText={t('sending')}>
        {t('submit')}
      </SendButton>
    </form>
  );
}
