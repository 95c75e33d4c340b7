import { useId, useState, type ReactNode } from 'react';
import { useText } from '@web/lib/text';
import { daysInPeriod, isCalendarDate, MAX_ANALYTICS_DAYS } from '@shared/domain/analytics';
import { formatDate, formatPrice } from '@shared/format';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input, controlClasses } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { Label } from '@web/components/ui/label';
import { useAnalytics } from './api';
import { apiErrorMessage } from './api-error';
import { presetPeriod, periodPresets, type PeriodPreset } from './analytics-period';
import { formatPercent } from '@shared/format';
import { SalesChart } from './sales-chart';
import { QueryFallback } from '@web/components/query-fallback';

export function AnalyticsTab() {
  const { t, language } = useText('dashboard');
  const presetId = useId();
  const fromId = useId();
  const toId = useId();
  const [preset, setPreset] = useState<PeriodPreset>('last30');
  const [custom, setCustom] = useState(() => presetPeriod('last30', new Date()));
  const period = preset === 'custom' ? custom : presetPeriod(preset, new Date());
  // The server's own period rules, checked first so a half-typed date asks for nothing.
  const customError = !isCalendarDate(custom.from) || !isCalendarDate(custom.to)
    ? 'invalidDate'
    : custom.from > custom.to
      ? 'invalidRange'
      : daysInPeriod(custom.from, custom.to) > MAX_ANALYTICS_DAYS
        ? 'rangeTooLong'
        : null;
  const isValidCustom = customError === null;
  const query = useAnalytics(
    preset === 'custom' && !isValidCustom ? '' : period.from,
    preset === 'custom' && !isValidCustom ? '' : period.to,
  );
  const data = query.data;

  return (
    <section aria-labelledby="analytics-title" className="flex flex-col gap-4">
      <h2 id="analytics-title" className="font-display text-2xl font-semibold">
        {t('analytics.title')}
      </h2>
      <Card>
        <CardContent className="flex flex-wrap items-end gap-4 pt-5 sm:pt-6">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={presetId}>{t('analytics.period')}</Label>
            <select
              id={presetId}
              value={preset}
              onChange={(event) => setPreset(event.target.value as PeriodPreset)}
              className={cn(controlClasses, 'min-h-11 min-w-48 cursor-pointer py-2')}
            >
              {periodPresets.map((value) => (
                <option key={value} value={value}>
                  {t(`analytics.presets.${value}`)}
                </option>
              ))}
            </select>
          </div>
          {preset === 'custom' ? (
            <>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={fromId}>{t('analytics.from')}</Label>
                <Input
                  id={fromId}
                  type="date"
                  value={custom.from}
                  max={custom.to}
                  onChange={(event) => setCustom((c) => ({ ...c, from: event.target.value }))}
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={toId}>{t('analytics.to')}</Label>
                <Input
                  id={toId}
                  type="date"
                  value={custom.to}
                  min={custom.from}
                  onChange={(event) => setCustom((c) => ({ ...c, to: event.target.value }))}
                />
              </div>
            </>
          ) : null}
          {data ? (
            <p className="text-sm text-muted" data-testid="analytics-period">
              {t('analytics.periodShown', {
                from: formatDate(`${data.from}T12:00:00Z`, language),
                to: formatDate(`${data.to}T12:00:00Z`, language),
              })}
            </p>
          ) : null}
        </CardContent>
      </Card>
      {preset === 'custom' && !isValidCustom ? (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {t(`fieldErrors.${customError}`)}
        </p>
      ) : null}
      {data ? (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5" aria-busy={query.isFetching}>
            <Figure label={t('analytics.giftsSold')} testId="figure-gifts-sold">
              {data.giftsSold}
            </Figure>
            <Figure label={t('analytics.revenue')} testId="figure-revenue">
              {formatPrice(data.revenue)}
            </Figure>
            <Figure label={t('analytics.commission')} testId="figure-commission">
              {formatPrice(data.commission)}
            </Figure>
            <Figure label={t('analytics.net')} testId="figure-net">
              {formatPrice(data.net)}
            </Figure>
            <Figure label={t('analytics.redemptionRate')} testId="figure-redemption-rate">
              {data.redemptionRate === null ? '—' : formatPercent(data.redemptionRate * 100, 1)}
            </Figure>
          </dl>
          <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
            <Card>
              <CardContent className="pt-5 sm:pt-6">
                <SalesChart weeks={data.weeks} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle as="h3">{t('analytics.topGifts')}</CardTitle>
              </CardHeader>
              <CardContent>
                {data.topGifts.length === 0 ? (
                  <p className="text-muted">{t('analytics.noSales')}</p>
                ) : (
                  <ol className="flex flex-col gap-2" data-testid="top-gifts">
                    {data.topGifts.map((gift, index) => (
                      <li key={gift.giftId} className="flex items-baseline justify-between gap-3">
                        <span className="min-w-0 break-words">
                          <span className="mr-1 font-bold text-brand-700">{index + 1}.</span>
                          {gift.name}
                        </span>
                        <span className="shrink-0 text-sm text-muted">
                          {t('analytics.topGiftFigures', { count: gift.count, revenue: formatPrice(gift.revenue) })}
                        </span>
                      </li>
                    ))}
                  </ol>
                )}
              </CardContent>
            </Card>
          </div>
        </>
      ) : (
        <QueryFallback
          error={query.isError ? apiErrorMessage(query.error) : null}
          onRetry={() => void query.refetch()}
          retryLabel={t('common.retry')}
          loadingLabel={t('common.loading')}
        />
      )}
    </section>
  );
}

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-line bg-white p-4 shadow-soft">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-display text-2xl font-bold text-brand-800" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
