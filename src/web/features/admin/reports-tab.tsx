import { useState } from 'react';
import type { AdminReport } from '@shared/contracts/listing-reports';
import { reportStatuses, type ReportStatus } from '@shared/domain/listing-reports';
import { formatDateTime } from '@shared/format';
import { QueryFallback } from '@web/components/query-fallback';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { controlClasses } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { useText } from '@web/lib/text';
import { useDecideReport, useReports } from './api';
import { apiErrorMessage } from '@web/lib/api-error';
import { apiFieldMessages } from '@web/lib/api-field-messages';

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

function ReportCard({ report }: { report: AdminReport }) {
  const { t, language } = useText('admin');
  const decide = useDecideReport(report.id);
  const [reason, setReason] = useState('');
  const [facts, setFacts] = useState('');
  const fieldErrors = decide.error ? apiFieldMessages(decide.error, 'admin') : {};
  const headingId = `report-${report.id}`;
  const submit = (decision: 'hide' | 'keep') =>
    decide.mutate(
      { decision, reason, facts },
      { onSuccess: () => toast.success(t(decision === 'hide' ? 'reports.hidden' : 'reports.kept')) },
    );
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
          onSubmit={(event) => {
            event.preventDefault();
          }}
        >
          <Field label={t('reports.reason')} required error={fieldErrors.reason}>
            <Textarea rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
          </Field>
          <Field label={t('reports.facts')} error={fieldErrors.facts}>
            <Textarea rows={2} value={facts} onChange={(event) => setFacts(event.target.value)} />
          </Field>
          {decide.error && Object.keys(fieldErrors).length === 0 ? (
            <p role="alert" className="text-sm font-medium text-danger-700">
              {apiErrorMessage(decide.error, 'admin')}
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
