import { Download, Printer, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { transferStates, type TransferState } from '@shared/domain/payouts';
import { disabledReasonTextKey, requirementTextKey } from '@shared/domain/payout-requirements';
import { addMonths, madridMonthOf } from '@shared/domain/statement-month';
import { formatDate, formatDateTime, formatMonth, formatPrice } from '@shared/format';
import { QueryFallback } from '@web/components/query-fallback';
import { StatementTable } from '@web/components/statement-table';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { controlClasses } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/toast';
import { cn } from '@web/lib/cn';
import { useText } from '@web/lib/text';
import { apiErrorMessage } from '@web/lib/api-error';
import { InvoicesCard } from './invoices-card';
import { adminStatementCsvUrl, useAdminPayouts, useAdminStatement, useMonthTotals, useRetryTransfer } from './payouts-api';

/** The last twelve Madrid months, newest first. */
function recentMonths(now: Date): string[] {
  const current = madridMonthOf(now);
  return Array.from({ length: 12 }, (_, i) => addMonths(current, -i));
}

/** Money out, for the platform team: who cannot be paid, transfers, differences, statements. */
export function PayoutsTab() {
  const { t, language } = useText('admin-money');
  const { t: ta } = useText('admin');
  const plainReason = (reason: string) => {
    const key = disabledReasonTextKey(reason, 'payouts.disabledReasons');
    return key ? t(key) : reason;
  };
  const stateId = useId();
  const [state, setState] = useState<TransferState>('failed');
  const query = useAdminPayouts(state);
  const retry = useRetryTransfer();
  const data = query.data;
  if (!data) {
    return <QueryFallback error={query.isError ? apiErrorMessage(query.error, 'admin') : null} onRetry={() => void query.refetch()} retryLabel={ta('retry')} loadingLabel={ta('loading')} />;
  }
  return (
    <section aria-labelledby="admin-payouts-title" className="flex flex-col gap-4">
      <h2 id="admin-payouts-title" className="font-display text-2xl font-semibold print:hidden">
        {t('payouts.title')}
      </h2>
      <Card className="print:hidden">
        <CardHeader>
          <CardTitle as="h3">{t('payouts.unpayable.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          {data.unpayable.length === 0 ? (
            <p className="text-muted">{t('payouts.unpayable.empty')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line" data-testid="unpayable">
              {data.unpayable.map((b) => (
                <li key={b.businessId} className="py-2">
                  <p className="font-semibold">{b.businessName}</p>
                  <p className="text-sm">{t(`payouts.accountStatus.${b.status}`)}</p>
                  {b.requirementsDue.length > 0 ? <p className="text-sm text-muted">{t('payouts.unpayable.requirements', { list: b.requirementsDue.map((r) => { const key = requirementTextKey(r, 'payouts.requirementNames'); return key ? t(key) : r; }).join(', ') })}</p> : null}
                  {b.disabledReason ? <p className="text-sm text-muted">{t('payouts.unpayable.reason', { reason: plainReason(b.disabledReason) })}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card className="print:hidden">
        <CardHeader>
          <CardTitle as="h3">{t('payouts.transfers.title')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={stateId}>{t('payouts.transfers.state')}</Label>
            <select id={stateId} value={state} onChange={(e) => setState(e.target.value as TransferState)} className={cn(controlClasses, 'min-h-11 max-w-60 cursor-pointer py-2')}>
              {transferStates.map((s) => (
                <option key={s} value={s}>
                  {ta(`orders.transferStates.${s}`)}
                </option>
              ))}
            </select>
          </div>
          {data.transfers.length === 0 ? (
            <p className="text-muted">{t('payouts.transfers.empty')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line" data-testid="admin-transfers">
              {data.transfers.map((tr) => (
                <li key={tr.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 text-sm">
                    <p className="font-semibold break-words">
                      {tr.businessName} · {tr.giftName}
                    </p>
                    <p>
                      {formatPrice(tr.amount)} · {t('payouts.transfers.attempts', { count: tr.attempts })}
                      {tr.sentAt ? ` · ${t('payouts.transfers.sentAt', { date: formatDateTime(tr.sentAt, language) })}` : ''}
                      {tr.nextAttemptAt ? ` · ${t('payouts.transfers.nextAt', { date: formatDateTime(tr.nextAttemptAt, language) })}` : ''}
                    </p>
                    {tr.lastError ? <p className="text-danger-700">{t('payouts.transfers.reason', { reason: tr.lastError })}</p> : null}
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge variant={tr.state === 'failed' ? 'destructive' : tr.state === 'sent' ? 'success' : 'neutral'}>{ta(`orders.transferStates.${tr.state}`)}</Badge>
                    {tr.state === 'due' || tr.state === 'failed' ? (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={retry.isPending}
                        aria-label={t('payouts.transfers.retryFor', { gift: tr.giftName, business: tr.businessName })}
                        onClick={() =>
                          retry.mutate(tr.id, {
                            onSuccess: () => toast.success(t('payouts.transfers.retried')),
                            onError: (error) => toast.error(apiErrorMessage(error, 'admin')),
                          })
                        }
                      >
                        <RotateCw aria-hidden="true" />
                        {t('payouts.transfers.retry')}
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card className="print:hidden">
        <CardHeader>
          <CardTitle as="h3">{t('payouts.differences.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          {data.differences.length === 0 ? (
            <p className="text-muted">{t('payouts.differences.empty')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line text-sm">
              {data.differences.map((d) => (
                <li key={d.id} className="py-2">
                  <p className="font-semibold">
                    {t(`payouts.differences.kinds.${d.kind}`)} · <span className="font-mono">{d.providerRef}</span>
                  </p>
                  <p>
                    {t('payouts.differences.amounts', {
                      ledger: d.ledgerAmount === null ? '—' : formatPrice(d.ledgerAmount),
                      provider: d.providerAmount === null ? '—' : formatPrice(d.providerAmount),
                    })}
                    {d.businessName ? ` · ${d.businessName}` : ''} · {formatDate(d.createdAt, language)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <StatementsCard />

      <InvoicesCard />
    </section>
  );
}

function StatementsCard() {
  const { t, language } = useText('admin-money');
  const { t: ta } = useText('admin');
  const monthId = useId();
  const [months] = useState(() => recentMonths(new Date()));
  const [month, setMonth] = useState(months[0]!);
  const [businessId, setBusinessId] = useState<string | null>(null);
  const totals = useMonthTotals(month);
  const statement = useAdminStatement(businessId, month);
  const monthName = (m: string) => formatMonth(m, language);
  return (
    <Card className="statement-print">
      <CardHeader>
        <CardTitle as="h3">{t('payouts.statements.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5 print:hidden">
          <Label htmlFor={monthId}>{t('payouts.statements.month')}</Label>
          <select
            id={monthId}
            value={month}
            onChange={(e) => {
              setMonth(e.target.value);
              setBusinessId(null);
            }}
            className={cn(controlClasses, 'min-h-11 max-w-60 cursor-pointer py-2')}
          >
            {months.map((m) => (
              <option key={m} value={m}>
                {monthName(m)}
              </option>
            ))}
          </select>
        </div>
        {totals.data ? (
          <div className="overflow-x-auto print:hidden" role="region" tabIndex={0} aria-label={t('payouts.statements.caption', { month: monthName(month) })}>
            <table className="w-full min-w-[40rem] border-collapse text-sm">
              <caption className="sr-only">{t('payouts.statements.caption', { month: monthName(month) })}</caption>
              <thead>
                <tr className="border-b border-line text-left">
                  <th scope="col" className="p-2">{t('payouts.statements.business')}</th>
                  <th scope="col" className="p-2 text-right">{t('payouts.statements.opening')}</th>
                  <th scope="col" className="p-2 text-right">{t('payouts.statements.gross')}</th>
                  <th scope="col" className="p-2 text-right">{t('payouts.statements.commission')}</th>
                  <th scope="col" className="p-2 text-right">{t('payouts.statements.commissionVat')}</th>
                  <th scope="col" className="p-2 text-right">{t('payouts.statements.transferred')}</th>
                  <th scope="col" className="p-2 text-right">{t('payouts.statements.closing')}</th>
                </tr>
              </thead>
              <tbody>
                {totals.data.businesses.map((row) => (
                  <tr key={row.businessId} className="border-b border-line">
                    <th scope="row" className="p-2 text-left font-normal">
                      <button type="button" className="cursor-pointer text-left font-semibold text-sea-700 underline" onClick={() => setBusinessId(row.businessId)}>
                        {row.businessName}
                      </button>
                    </th>
                    <td className="p-2 text-right tabular-nums">{formatPrice(row.openingBalance)}</td>
                    <td className="p-2 text-right tabular-nums">{formatPrice(row.gross)}</td>
                    <td className="p-2 text-right tabular-nums">{formatPrice(row.commission)}</td>
                    <td className="p-2 text-right tabular-nums">{formatPrice(row.commissionVat)}</td>
                    <td className="p-2 text-right tabular-nums">{formatPrice(row.transferred)}</td>
                    <td className="p-2 text-right tabular-nums">{formatPrice(row.closingBalance)}</td>
                  </tr>
                ))}
                <tr className="font-semibold">
                  <th scope="row" className="p-2 text-left">{t('payouts.statements.total')}</th>
                  <td className="p-2 text-right tabular-nums">{formatPrice(totals.data.totals.openingBalance)}</td>
                  <td className="p-2 text-right tabular-nums">{formatPrice(totals.data.totals.gross)}</td>
                  <td className="p-2 text-right tabular-nums">{formatPrice(totals.data.totals.commission)}</td>
                  <td className="p-2 text-right tabular-nums">{formatPrice(totals.data.totals.commissionVat)}</td>
                  <td className="p-2 text-right tabular-nums">{formatPrice(totals.data.totals.transferred)}</td>
                  <td className="p-2 text-right tabular-nums">{formatPrice(totals.data.totals.closingBalance)}</td>
                </tr>
              </tbody>
            </table>
          </div>
        ) : (
          <QueryFallback error={totals.isError ? apiErrorMessage(totals.error, 'admin') : null} onRetry={() => void totals.refetch()} retryLabel={ta('retry')} loadingLabel={ta('loading')} />
        )}
        {businessId && statement.data ? (
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap gap-2 print:hidden">
              <a href={adminStatementCsvUrl(businessId, month, language)} download className={buttonVariants({ variant: 'outline' })}>
                <Download aria-hidden="true" />
                {t('payouts.statements.csv')}
              </a>
              <Button variant="outline" onClick={() => window.print()}>
                <Printer aria-hidden="true" />
                {t('payouts.statements.print')}
              </Button>
            </div>
            <h4 className="font-display text-xl font-semibold">{t('payouts.statements.heading', { business: statement.data.businessName, month: monthName(month) })}</h4>
            <StatementTable statement={statement.data} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
