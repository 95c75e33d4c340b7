import { Download, Printer } from 'lucide-react';
import { useId, useState } from 'react';
import type { Transfer } from '@shared/contracts/payouts';
import { formatDate, formatMonth, formatPrice } from '@shared/format';
import { QueryFallback } from '@web/components/query-fallback';
import { StatementTable } from '@web/components/statement-table';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { controlClasses } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { useText } from '@web/lib/text';
import { apiErrorMessage } from '@web/lib/api-error';
import { InvoicesCard } from './invoices-card';
import { PayoutAccountCard } from './payout-account-card';
import { statementCsvUrl, useBusinessPayouts, useStatement, useStatementMonths } from './payouts-api';

const stateBadge = { due: 'info', sent: 'success', failed: 'destructive', reversed: 'warning', cancelled: 'neutral' } as const;

/** The owner's money out: the payout account, the balances, the transfers and the monthly statements. */
export function PayoutsTab() {
  const { t } = useText('payouts');
  const { t: dashboard } = useText('dashboard');
  const query = useBusinessPayouts();
  const data = query.data;
  if (!data) {
    return (
      <QueryFallback
        error={query.isError ? apiErrorMessage(query.error, 'dashboard') : null}
        onRetry={() => void query.refetch()}
        retryLabel={dashboard('common.retry')}
        loadingLabel={dashboard('common.loading')}
      />
    );
  }
  const { balances } = data;
  return (
    <section aria-labelledby="payouts-title" className="flex flex-col gap-4">
      <h2 id="payouts-title" className="font-display text-2xl font-semibold print:hidden">
        {t('title')}
      </h2>
      <div className="print:hidden">
        <PayoutAccountCard account={data.account} />
      </div>
      <Card className="print:hidden">
        <CardHeader>
          <CardTitle as="h3">{t('balances.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-3">
            {(['owed', 'inTransit', 'paidOut'] as const).map((key) => (
              <div key={key} className="rounded-xl border border-line bg-white p-3">
                <dt className="text-sm font-semibold">{t(`balances.${key}.label`)}</dt>
                <dd className="text-xl font-semibold tabular-nums">{formatPrice(balances[key])}</dd>
                <dd className="text-sm text-muted">{t(`balances.${key}.hint`)}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <TransfersCard transfers={data.transfers} />
      <StatementsCard />
      <InvoicesCard />
    </section>
  );
}

function transferWhen(transfer: Transfer, language: string): string | null {
  const at = transfer.state === 'sent' ? transfer.sentAt : transfer.state === 'reversed' ? transfer.reversedAt : transfer.nextAttemptAt;
  return at ? formatDate(at, language) : null;
}

function TransfersCard({ transfers }: { transfers: Transfer[] }) {
  const { t, language } = useText('payouts');
  return (
    <Card className="print:hidden">
      <CardHeader>
        <CardTitle as="h3">{t('transfers.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {transfers.length === 0 ? (
          <p className="text-muted">{t('transfers.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line" aria-label={t('transfers.title')}>
            {transfers.map((transfer) => {
              const when = transferWhen(transfer, language);
              return (
                <li key={transfer.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="transfer">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{transfer.giftName}</p>
                    <p className="text-sm text-muted">{transfer.recipientName ? t('transfers.forRecipient', { name: transfer.recipientName }) : t('transfers.forUnnamed')}</p>
                    <p className="text-sm">{t(`transfers.states.${transfer.state}`, { date: when ?? '' })}</p>
                    {transfer.state === 'failed' && transfer.lastError ? (
                      <p className="text-sm text-danger-700">{t('transfers.reason', { reason: transfer.lastError })}</p>
                    ) : null}
                  </div>
                  <div className="flex items-center gap-2 sm:flex-col sm:items-end">
                    <span className="font-semibold tabular-nums">{formatPrice(transfer.amount)}</span>
                    <Badge variant={stateBadge[transfer.state]}>{t(`transfers.badge.${transfer.state}`)}</Badge>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function StatementsCard() {
  const { t, language } = useText('payouts');
  const { t: dashboard } = useText('dashboard');
  const selectId = useId();
  const months = useStatementMonths();
  const [chosen, setChosen] = useState<string | null>(null);
  const month = chosen ?? months.data?.months[0] ?? null;
  const statement = useStatement(month);
  const monthName = (m: string) => formatMonth(m, language);

  return (
    <Card className="statement-print">
      <CardHeader>
        <CardTitle as="h3">{t('statement.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {months.data ? (
          <div className="flex flex-wrap items-end gap-3 print:hidden">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={selectId}>{t('statement.month')}</Label>
              <select
                id={selectId}
                value={month ?? ''}
                onChange={(event) => setChosen(event.target.value)}
                className={cn(controlClasses, 'min-h-11 min-w-48 cursor-pointer py-2')}
              >
                {months.data.months.map((m) => (
                  <option key={m} value={m}>
                    {monthName(m)}
                  </option>
                ))}
              </select>
            </div>
            {month ? (
              <>
                <a href={statementCsvUrl(month, language)} download className={buttonVariants({ variant: 'outline' })}>
                  <Download aria-hidden="true" />
                  {t('statement.csv')}
                </a>
                <Button variant="outline" onClick={() => window.print()} disabled={!statement.data}>
                  <Printer aria-hidden="true" />
                  {t('statement.print')}
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
        {statement.data ? (
          <>
            <p className="hidden font-display text-xl font-semibold print:block">
              {t('statement.printHeading', { business: statement.data.businessName, month: monthName(statement.data.month) })}
            </p>
            <StatementTable statement={statement.data} />
          </>
        ) : (
          <QueryFallback
            error={months.isError ? apiErrorMessage(months.error, 'dashboard') : statement.isError ? apiErrorMessage(statement.error, 'dashboard') : null}
            onRetry={() => void (months.isError ? months.refetch() : statement.refetch())}
            retryLabel={dashboard('common.retry')}
            loadingLabel={dashboard('common.loading')}
          />
        )}
      </CardContent>
    </Card>
  );
}
