import { useId, useState } from 'react';
import type { VerifactuSubmission } from '@shared/contracts/invoices';
import { verifactuSendStates, type VerifactuSendState } from '@shared/domain/verifactu-send-states';
import { formatDate, formatDateTime } from '@shared/format';
import { Pager } from '@web/components/pager';
import { QueryFallback } from '@web/components/query-fallback';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { controlClasses } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { apiErrorMessage } from '@web/lib/api-error';
import { cn } from '@web/lib/cn';
import { useText } from '@web/lib/text';
import { useVerifactuSubmissions } from './invoices-api';

/** A record the sender set aside because the AEAT's schema cannot carry it (ADR 062). */
const SET_ASIDE_CODE = 'regalo:invalid';

const stateBadge = (state: VerifactuSendState) =>
  state === 'rejected' ? 'destructive' : state === 'accepted_with_errors' ? 'warning' : state === 'accepted' ? 'success' : 'neutral';

/**
 * Every billing record (registration and cancellation) and where it stands with the AEAT
 * (ADR 062): its state, attempts, the queue's next attempt, and the AEAT's code
 * and reason when it was rejected or accepted with errors.
 */
export function VerifactuRecordsCard() {
  const { t, language } = useText('admin-money');
  const { t: ta } = useText('admin');
  const stateId = useId();
  const [state, setState] = useState<VerifactuSendState | ''>('');
  const [page, setPage] = useState(1);
  const query = useVerifactuSubmissions(state, page);
  const data = query.data;
  const total = data ? verifactuSendStates.reduce((sum, s) => sum + data.counts[s], 0) : 0;
  return (
    <Card className="print:hidden" data-testid="verifactu-records">
      <CardHeader>
        <CardTitle as="h3">{t('invoices.records.title')}</CardTitle>
        <p className="text-sm text-muted">{t('invoices.records.hint')}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={stateId}>{t('invoices.records.state')}</Label>
          <select
            id={stateId}
            value={state}
            onChange={(e) => {
              setState(e.target.value as VerifactuSendState | '');
              setPage(1);
            }}
            className={cn(controlClasses, 'min-h-11 max-w-72 cursor-pointer py-2')}
          >
            <option value="">{t('invoices.records.all', { count: total })}</option>
            {verifactuSendStates.map((s) => (
              <option key={s} value={s}>
                {t('invoices.records.stateCount', { state: t(`invoices.states.${s}`), count: data?.counts[s] ?? 0 })}
              </option>
            ))}
          </select>
        </div>
        {!data ? (
          <QueryFallback error={query.isError ? apiErrorMessage(query.error, 'admin') : null} onRetry={() => void query.refetch()} retryLabel={ta('retry')} loadingLabel={ta('loading')} />
        ) : (
          <>
            <QueueStatus queue={data.queue} language={language} />
            {data.items.length === 0 ? (
              <p className="text-muted">{state ? t('invoices.records.emptyState') : t('invoices.records.empty')}</p>
            ) : (
              <div className="overflow-x-auto" role="region" tabIndex={0} aria-label={t('invoices.records.caption')}>
                <table className="w-full min-w-[52rem] border-collapse text-sm">
                  <caption className="sr-only">{t('invoices.records.caption')}</caption>
                  <thead>
                    <tr className="border-b border-line text-left align-bottom">
                      <th scope="col" className="p-2">{t('invoices.records.kind')}</th>
                      <th scope="col" className="p-2">{t('invoices.records.invoice')}</th>
                      <th scope="col" className="p-2">{t('invoices.records.issued')}</th>
                      <th scope="col" className="p-2">{t('invoices.records.generated')}</th>
                      <th scope="col" className="p-2">{t('invoices.records.status')}</th>
                      <th scope="col" className="p-2 text-right">{t('invoices.records.attempts')}</th>
                      <th scope="col" className="p-2">{t('invoices.records.nextAttempt')}</th>
                      <th scope="col" className="p-2">{t('invoices.records.error')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((record) => (
                      <RecordRow key={record.recordId} record={record} language={language} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} label={ta('pager.label')} texts="admin" />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function RecordRow({ record, language }: { record: VerifactuSubmission; language: string }) {
  const { t } = useText('admin-money');
  return (
    <tr className="border-b border-line align-top" data-testid="verifactu-record">
      <th scope="row" className="p-2 text-left font-normal">
        <span className="font-semibold">{t(`invoices.records.kinds.${record.kind}`)}</span>
        {record.invoiceType ? (
          <span className="block text-xs" data-testid="verifactu-record-type">
            {t(`invoices.records.types.${record.invoiceType}${record.rectificationType ?? ''}`)}
          </span>
        ) : null}
        <span className="block text-xs text-muted">{t('invoices.records.sequence', { sequence: record.sequence })}</span>
      </th>
      <td className="p-2">
        <span className="font-semibold tabular-nums">{record.fullNumber}</span>
        <span className="block text-xs text-muted">{record.businessName}</span>
      </td>
      <td className="p-2 whitespace-nowrap">{formatDate(`${record.issueDate}T12:00:00Z`, language)}</td>
      <td className="p-2 whitespace-nowrap">{formatDateTime(record.generatedAt, language)}</td>
      <td className="p-2">
        <Badge variant={stateBadge(record.state)}>{t(`invoices.states.${record.state}`)}</Badge>
        {record.answeredAt ? <span className="block text-xs text-muted">{t('invoices.records.answered', { date: formatDateTime(record.answeredAt, language) })}</span> : null}
      </td>
      <td className="p-2 text-right tabular-nums">{record.attempts}</td>
      <td className="p-2 whitespace-nowrap">
        {record.state !== 'pending' ? t('invoices.records.never') : record.nextAttemptAt ? formatDateTime(record.nextAttemptAt, language) : t('invoices.records.nextRun')}
      </td>
      <td className="p-2 break-words">
        {record.errorCode ? (
          <p className={record.state === 'rejected' ? 'text-danger-700' : undefined}>
            <span className="font-mono font-semibold">{record.errorCode}</span>
            {record.errorDescription ? ` · ${record.errorDescription}` : ''}
          </p>
        ) : null}
        {record.errorCode === SET_ASIDE_CODE ? <p className="text-xs text-muted">{t('invoices.records.setAside')}</p> : null}
        {record.state === 'pending' && record.lastError ? <p className="text-xs text-muted">{t('invoices.records.lastError', { error: record.lastError })}</p> : null}
        {!record.errorCode && !(record.state === 'pending' && record.lastError) ? t('invoices.records.never') : null}
      </td>
    </tr>
  );
}

function QueueStatus({ queue, language }: { queue: { driver: 'off' | 'aeat-test' | 'aeat'; nextAllowedSendAt: string | null; consecutiveFailures: number; lastError: string | null }; language: string }) {
  const { t } = useText('admin-money');
  if (queue.driver === 'off') return <p className="text-sm text-amber-900" data-testid="verifactu-queue">{t('invoices.records.driverOff')}</p>;
  const waiting = queue.nextAllowedSendAt && new Date(queue.nextAllowedSendAt) > new Date();
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="verifactu-queue">
      <p>
        {t('invoices.records.driverOn', { target: t(`invoices.records.targets.${queue.driver}`) })}
        {waiting ? ` ${t('invoices.records.waiting', { date: formatDateTime(queue.nextAllowedSendAt!, language) })}` : ''}
      </p>
      {queue.consecutiveFailures > 0 && queue.lastError ? (
        <p className="text-danger-700">{t('invoices.records.failing', { count: queue.consecutiveFailures, error: queue.lastError })}</p>
      ) : null}
    </div>
  );
}
