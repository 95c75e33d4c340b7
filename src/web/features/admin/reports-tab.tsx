import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminReport, DecideReportInput, decideReportInputSchema } from '@shared/contracts/listing-reports';
import { reportStatuses, type ReportDecision, type ReportStatus } from '@shared/domain/listing-reports';
import { formatDateTime } from '@shared/format';
import { QueryFallback } from '@web/components/query-fallback';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { controlClasses } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { useText } from '@web/lib/text';
import { useDecideReport, useReports } from './api';
import { apiErrorMessage, apiFieldErrors } from '@web/lib/api-error';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { setServerFieldErrors, useFieldError } from './forms';

/** The queue of reported listings: the oldest waiting first, each decided once (hide or keep). */
export function ReportsTab() {
  const { t } = useText('admin');
  const [status, setStatus] = useState<ReportStatus>('open');
  const query = useReports(status);
  return (
    <div className="flex flex-col gap-4">
      <Field label={t('reports.status')} className="max-w-xs">
        <select className={controlClasses} value={status} onChange={(event) => setStatus(event.target.value as ReportStatus)}>
          {reportStatuses.map((value) => (
            <option key={value} value={value}>
              {t(`reports.statuses.${value}`)}
            </option>
          ))}
        </select>
      </Field>
      {query.data ? (
        query.data.items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line p-6 text-center text-muted">{t('reports.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t('tabs.reports')}>
            {query.data.items.map((report) => (
              <li key={report.id}>
                <ReportCard report={report} />
              </li>
            ))}
          </ul>
        )
      ) : (
        <QueryFallback
          error={query.isError ? apiErrorMessage(query.error, 'admin') : null}
          onRetry={() => void query.refetch()}
          retryLabel={t('retry')}
          loadingLabel={t('loading')}
        />
      )}
    </div>
  );
}

// The contract the server decides with, loaded on the form's first focus (ADR 039).
const decisionForm = lazyZodResolver(() => import('@shared/contracts/listing-reports').then((m) => m.decideReportInputSchema));

function ReportCard({ report }: { report: AdminReport }) {
  const { t, language } = useText('admin');
  const decide = useDecideReport(report.id);
  const [problem, setProblem] = useState<string | null>(null);
  // The decision is the button pressed; the contract needs facts only to hide.
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<DecideReportInput, unknown, z.output<typeof decideReportInputSchema>>({
    resolver: decisionForm.resolver,
    reValidateMode: 'onSubmit',
    defaultValues: { decision: 'keep', reason: '', facts: '' },
  });
  const fieldError = useFieldError(errors);
  const headingId = `report-${report.id}`;
  // What the contract read: the reason trimmed, the facts trimmed or null.
  const send = handleSubmit((values) =>
    decide.mutate(values, {
      onSuccess: () => toast.success(t(values.decision === 'hide' ? 'reports.hidden' : 'reports.kept')),
      onError: (error) => {
        if (!setServerFieldErrors(setError, apiFieldErrors(error), ['reason', 'facts'])) setProblem(apiErrorMessage(error, 'admin'));
      },
    }),
  );
  const submit = (decision: ReportDecision) => {
    setProblem(null);
    setValue('decision', decision);
    void send();
  };
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-4" data-testid="report-card">
      <h3 id={headingId} className="font-semibold">
        {report.targetType === 'gift'
          ? t('reports.gift', { gift: report.giftName ?? '', business: report.businessName })
          : t('reports.business', { business: report.businessName })}
      </h3>
      <p className="text-sm text-muted">{t('reports.received', { date: formatDateTime(report.createdAt, language) })}</p>
      <p className="text-sm font-semibold">{t('reports.category', { category: t(`reports.categories.${report.category}`) })}</p>
      <p className="whitespace-pre-line rounded-xl bg-sand-100 p-3 text-sm">{report.explanation}</p>
      <p className="text-sm text-muted">{report.hasReporterEmail ? t('reports.withEmail') : t('reports.anonymous')}</p>
      {report.status === 'open' && report.isTargetHidden ? <p className="text-sm font-semibold">{t('reports.alreadyHidden')}</p> : null}
      {report.status === 'open' ? (
        <form
          className="flex flex-col gap-3"
          onFocus={decisionForm.preload}
          onSubmit={(event) => {
            event.preventDefault();
          }}
        >
          <Field label={t('reports.reason')} required error={fieldError('reason')}>
            <Textarea rows={2} {...register('reason')} />
          </Field>
          <Field label={t('reports.facts')} error={fieldError('facts')}>
            <Textarea rows={2} {...register('facts')} />
          </Field>
          {problem ? (
            <p role="alert" className="text-sm font-medium text-danger-700">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="destructive" aria-disabled={decide.isPending || undefined} onClick={() => !decide.isPending && submit('hide')}>
              {t('reports.hide')}
            </Button>
            <Button type="button" variant="outline" aria-disabled={decide.isPending || undefined} onClick={() => !decide.isPending && submit('keep')}>
              {t('reports.keep')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm">{t('reports.decided', { date: formatDateTime(report.decidedAt ?? report.createdAt, language), reason: report.decisionReason ?? '' })}</p>
      )}
    </article>
  );
}
