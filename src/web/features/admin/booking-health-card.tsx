import { AlertTriangle } from 'lucide-react';
import { useId, type MouseEvent, type ReactNode } from 'react';
import type { BusinessBookingHealth } from '@shared/contracts/admin-booking-health';
import { BOOKING_ALERT } from '@shared/domain/booking';
import { QueryFallback } from '@web/components/query-fallback';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { apiErrorMessage } from '@web/lib/api-error';
import { useText } from '@web/lib/text';
import { useBookingHealth } from './api';

/**
 * A real link to the business's page in the admin (it opens in a new tab too); a plain click
 * stays in the page, through the tabs' own navigation.
 */
function BusinessLink({ business, onOpen, children }: { business: BusinessBookingHealth; onOpen: (id: string) => void; children: ReactNode }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(business.businessId);
  };
  return (
    <a href={`?${new URLSearchParams({ tab: 'businesses', business: business.businessId }).toString()}`} onClick={follow} className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-700">
      {children}
    </a>
  );
}

/**
 * The businesses whose recipients find no time, or whose bookings they cancel (ADR 109): a
 * banner naming those that reached `BOOKING_ALERT`, so the team looks at them before their gifts
 * go on being sold, and the two counts of every business that has either.
 */
export function BookingHealthCard({ onOpenBusiness }: { onOpenBusiness: (id: string) => void }) {
  const { t } = useText('booking-health');
  const { t: ta } = useText('admin');
  const bannerId = useId();
  const query = useBookingHealth();
  const data = query.data;
  const alerting = data?.businesses.filter((b) => b.alert) ?? [];
  return (
    <Card data-testid="booking-health">
      <CardHeader>
        <CardTitle as="h2">{t('title', { days: String(data?.windowDays ?? BOOKING_ALERT.windowDays) })}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {!data ? (
          <QueryFallback error={query.isError ? apiErrorMessage(query.error, 'admin') : null} onRetry={() => void query.refetch()} retryLabel={ta('retry')} loadingLabel={ta('loading')} />
        ) : (
          <>
            {alerting.length > 0 ? (
              <section aria-labelledby={bannerId} className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="booking-alert">
                <h3 id={bannerId} className="flex items-center gap-2 font-semibold">
                  <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
                  {t('alert', { count: alerting.length })}
                </h3>
                <p className="mt-1 text-sm">{t('alertLead')}</p>
                <ul className="mt-2 flex flex-col gap-1 text-sm">
                  {alerting.map((b) => (
                    <li key={b.businessId}>
                      <BusinessLink business={b} onOpen={onOpenBusiness}>
                        {b.businessName}
                      </BusinessLink>
                      {' — '}
                      {t('detail', { misses: String(b.misses), cancellations: String(b.businessCancellations) })}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <p className="text-sm text-muted">
              {t('lead', { misses: String(data.thresholds.misses), cancellations: String(data.thresholds.businessCancellations) })}
            </p>
            {data.businesses.length === 0 ? (
              <p className="text-muted">{t('empty', { days: String(data.windowDays) })}</p>
            ) : (
              // Focusable so the table can be scrolled sideways with the keyboard on a narrow screen.
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('caption', { days: String(data.windowDays) })}>
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{t('caption', { days: String(data.windowDays) })}</caption>
                  <thead>
                    <tr className="border-b border-line">
                      <th scope="col" className="py-2 pr-4">{t('business')}</th>
                      <th scope="col" className="py-2 pr-4 text-right">{t('misses')}</th>
                      <th scope="col" className="py-2 text-right">{t('cancellations')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.businesses.map((b) => (
                      <tr key={b.businessId} className="border-b border-line last:border-0" data-testid="booking-health-row">
                        {/* The state sits under the name, not in a column of its own, so three columns fit a phone's width. */}
                        <th scope="row" className="py-2 pr-4 font-normal">
                          <span className="block">
                            <BusinessLink business={b} onOpen={onOpenBusiness}>
                              {b.businessName}
                            </BusinessLink>
                          </span>
                          {/* Wrapping, unlike a badge elsewhere: a long business name and the state share a phone's narrow first column. */}
                          <Badge variant={b.alert ? 'warning' : 'neutral'} className="whitespace-normal">
                            {b.alert ? t('flagged') : t('ok')}
                          </Badge>
                        </th>
                        <td className={`py-2 pr-4 text-right tabular-nums ${b.missesAlert ? 'font-bold' : ''}`}>{b.misses}</td>
                        <td className={`py-2 text-right tabular-nums ${b.cancellationsAlert ? 'font-bold' : ''}`}>{b.businessCancellations}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
