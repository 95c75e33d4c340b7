import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CreateReportInput, ReportReceipt } from '@shared/contracts/listing-reports';
import { reportCategories, REPORT_LIMITS, type ReportCategory } from '@shared/domain/listing-reports';
import { PageTitle } from '@web/components/page-title';
import { PublicHeader } from '@web/components/public-header';
import { SiteFooter } from '@web/components/site-footer';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input, controlClasses } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { getLanguage } from '@web/lib/language';
import { useText } from '@web/lib/text';

type Fields = 'category' | 'explanation' | 'email';

/**
 * "Report" / "Denunciar" (DSA art. 16, issue 26.5): what is wrong, why, and an optional email
 * for the acknowledgement. Open to anyone, signed in or not; the server checks the listing
 * exists in the catalogue and answers with the reference.
 *   /report?type=gift|business&id=<uuid>&name=<what the link was next to>
 */
export default function ReportPage() {
  const { t } = useText('report');
  const [params] = useSearchParams();
  const type = params.get('type') === 'business' ? 'business' : 'gift';
  const id = params.get('id') ?? '';
  const name = params.get('name') ?? '';
  const [category, setCategory] = useState<ReportCategory | ''>('');
  const [explanation, setExplanation] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const [receipt, setReceipt] = useState<(ReportReceipt & { withEmail: boolean }) | null>(null);

  const fieldError = (field: Fields) => (errors[field] ? t(`errors.fields.${errors[field]}`) : undefined);

  async function submit() {
    if (isSending) return;
    const found: Partial<Record<Fields, string>> = {};
    if (!category) found.category = 'required';
    if (!explanation.trim()) found.explanation = 'required';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const body: CreateReportInput = { targetType: type, targetId: id, category: category as ReportCategory, explanation, email: email.trim() || null, locale: getLanguage() };
      const result = await apiRequest<ReportReceipt>('/api/reports', { method: 'POST', body });
      setReceipt({ ...result, withEmail: Boolean(email.trim()) });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.problem.fields) {
        setErrors(error.problem.fields as Partial<Record<Fields, string>>);
      } else if (error instanceof ApiError && (error.code === 'report_target_not_found' || error.code === 'rate_limited')) {
        setFormError(t(`errors.${error.code}`));
      } else {
        setFormError(t('errors.default'));
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <PageTitle parts={[t('metaTitle')]} />
      <PublicHeader />
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-5 py-10 focus:outline-none sm:px-8">
        <div className="flex items-center gap-3">
          <Flag aria-hidden="true" className="size-7 text-brand-700" />
          <h1 className="font-display text-3xl font-bold text-brand-800">{receipt ? t('sent.title') : t('title')}</h1>
        </div>
        {receipt ? (
          <Card className="flex flex-col gap-3 p-5" data-testid="report-sent" role="status">
            <p>{t('sent.body', { id: receipt.id })}</p>
            {receipt.withEmail ? <p>{t('sent.withEmail')}</p> : null}
            <Link to="/app?tab=gifts" className="font-semibold text-sea-700 underline underline-offset-4">
              {t('sent.back')}
            </Link>
          </Card>
        ) : (
          <form
            noValidate
            aria-labelledby="report-form-title"
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <p id="report-form-title">{t('intro')}</p>
            {name ? (
              <p className="rounded-xl bg-sand-100 p-3 font-semibold" data-testid="report-target">
                {t('reporting', { listing: name })}
              </p>
            ) : null}
            <Field label={t('category.label')} required error={fieldError('category')}>
              <select
                className={controlClasses}
                value={category}
                onChange={(event) => setCategory(event.target.value as ReportCategory | '')}
                name="category"
              >
                <option value="">{t('category.placeholder')}</option>
                {reportCategories.map((value) => (
                  <option key={value} value={value}>
                    {t(`category.${value}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('explanation.label')} required hint={t('explanation.hint')} error={fieldError('explanation')}>
              <Textarea name="explanation" rows={5} maxLength={REPORT_LIMITS.explanation} value={explanation} onChange={(event) => setExplanation(event.target.value)} />
            </Field>
            <Field label={t('email.label')} hint={t('email.hint')} error={fieldError('email')}>
              <Input name="email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
            </Field>
            <p className="text-sm text-muted">{t('goodFaith')}</p>
            {formError ? (
              <p role="alert" className="rounded-xl bg-danger-50 p-3 text-sm font-medium text-danger-700">
                {formError}
              </p>
            ) : null}
            <Button type="submit" size="lg" className="self-start" aria-disabled={isSending || undefined}>
              {isSending ? <Spinner decorative /> : null}
              {isSending ? t('sending') : t('submit')}
            </Button>
          </form>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
