import { useText } from '@web/lib/text';
import type { AdminOverview } from '@shared/contracts/admin';
import { formatMonth, formatPrice } from '@shared/format';
import { QueryFallback } from '@web/components/query-fallback';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useOverview } from './api';
import { BackupCard } from './backup-card';
import { BookingHealthCard } from './booking-health-card';
import { apiErrorMessage } from '@web/lib/api-error';

export function OverviewTab({ onOpen }: { onOpen: (tab: 'applications' | 'businesses', extra?: Record<string, string>) => void }) {
  const { t, language } = useText('admin');
  const query = useOverview();
  const data = query.data;
  if (!data) {
    return (
      <QueryFallback
        error={query.isError ? apiErrorMessage(query.error, 'admin') : null}
        onRetry={() => void query.refetch()}
        retryLabel={t('retry')}
        loadingLabel={t('loading')}
      />
    );
  }
  const oldestDays = data.oldestPendingDays;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Card data-testid="overview-pending">
          <CardHeader>
            <CardTitle as="h2">{t('overview.pending')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col items-start gap-2">
            <p className="font-display text-4xl font-bold">{data.pendingApplications}</p>
            <p className="text-sm text-muted">{oldestDays === null ? t('overview.noneWaiting') : t('overview.oldest', { count: oldestDays })}</p>
            <Button variant="outline" size="sm" onClick={() => onOpen('applications')}>
              {t('overview.review')}
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('overview.activeBusinesses')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col items-start gap-2">
            <p className="font-display text-4xl font-bold">{data.activeBusinesses}</p>
            <Button variant="outline" size="sm" onClick={() => onOpen('businesses')}>
              {t('overview.seeBusinesses')}
            </Button>
          </CardContent>
        </Card>
      </div>
      <BookingHealthCard onOpenBusiness={(id) => onOpen('businesses', { business: id })} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('overview.sales')}</CardTitle>
        </CardHeader>
        {/* On a phone five columns do not fit (the net was cut off): each month is a short list. */}
        <CardContent className="sm:hidden">
          {([['thisMonth', data.thisMonth], ['lastMonth', data.lastMonth]] as const).map(([key, m]: readonly [string, AdminOverview['thisMonth']]) => (
            <section key={key} aria-label={`${t(`overview.${key}`)} (${formatMonth(m.month, language)})`} className="border-b border-line py-2 text-sm last:border-0" data-testid="sales-month">
              <p className="font-semibold">
                {t(`overview.${key}`)} <span className="font-normal text-muted">({formatMonth(m.month, language)})</span>
              </p>
              <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1">
                {([['orders', String(m.orders)], ['gross', formatPrice(m.gross)], ['commission', formatPrice(m.commission)], ['net', formatPrice(m.net)]] as const).map(([label, value]) => (
                  <div key={label} className="flex justify-between gap-2">
                    <dt className="text-muted">{t(`overview.${label}`)}</dt>
                    <dd className="tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </CardContent>
        {/* Focusable so the table can be scrolled sideways with the keyboard if it ever must. */}
        <CardContent className="hidden overflow-x-auto sm:block" tabIndex={0} role="region" aria-label={t('overview.salesCaption')}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('overview.salesCaption')}</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-4">{t('overview.month')}</th>
                <th scope="col" className="py-2 pr-4 text-right">{t('overview.orders')}</th>
                <th scope="col" className="py-2 pr-4 text-right">{t('overview.gross')}</th>
                <th scope="col" className="py-2 pr-4 text-right">{t('overview.commission')}</th>
                <th scope="col" className="py-2 text-right">{t('overview.net')}</th>
              </tr>
            </thead>
            <tbody>
              {([['thisMonth', data.thisMonth], ['lastMonth', data.lastMonth]] as const).map(([key, m]: readonly [string, AdminOverview['thisMonth']]) => (
                <tr key={key} className="border-b border-line last:border-0">
                  <th scope="row" className="py-2 pr-4 font-semibold">
                    {t(`overview.${key}`)} <span className="font-normal text-muted">({formatMonth(m.month, language)})</span>
                  </th>
                  <td className="py-2 pr-4 text-right tabular-nums">{m.orders}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatPrice(m.gross)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatPrice(m.commission)}</td>
                  <td className="py-2 text-right tabular-nums">{formatPrice(m.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
      <BackupCard />
    </div>
  );
}
