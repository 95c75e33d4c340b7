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
  const { t } = useText('admin');
  const bannerId = useId();
  const query = useBookingHealth();
  const data = query.data;
  const alerting = data?.businesses.filter((b) => b.alert) ?? [];
  return (
    <Card data-testid="booking-health">
      <CardHeader>
        <CardTitle as="h2">{t('bookingHealth.title', { days: String(data?.windowDays ?? BOOKING_ALERT.windowDays) })}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {!data ? (
          <QueryFallback error={query.isError ? apiErrorMessage(query.error, 'admin') : null} onRetry={() => void query.refetch()} retryLabel={t('retry')} loadingLabel={t('loading')} />
        ) : (
          <>
            {alerting.length > 0 ? (
              <section aria-labelledby={bannerId} className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="booking-alert">
                <h3 id={bannerId} className="flex items-center gap-2 font-semibold">
                  <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
                  {t('bookingHealth.alert', { count: alerting.length })}
                </h3>
                <p className="mt-1 text-sm">{t('bookingHealth.alertLead')}</p>
                <ul className="mt-2 flex flex-col gap-1 text-sm">
                  {alerting.map((b) => (
                    <li key={b.businessId}>
                      <BusinessLink business={b} onOpen={onOpenBusiness}>
                        {b.businessName}
                      </BusinessLink>
                      {' — '}
                      {t('bookingHealth.detail', { misses: String(b.misses), cancellations: String(b.businessCancellations) })}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <p className="text-sm text-muted">
              {t('bookingHealth.lead', { misses: String(data.thresholds.misses), cancellations: String(data.thresholds.businessCancellations) })}
            </p>
            {data.businesses.length === 0 ? (
              <p className="text-muted">{t('bookingHealth.empty', { days: String(data.windowDays) })}</p>
            ) : (
              // Focusable so the table can be scrolled sideways with the keyboard on a narrow screen.
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('bookingHealth.caption', { days: String(data.windowDays) })}>
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{t('bookingHealth.caption', { days: String(data.windowDays) })}</caption>
                  <thead>
                    <tr className="border-b border-line">
                      <th scope="col" className="py-2 pr-4">{t('bookingHealth.business')}</th>
                      <th scope="col" className="py-2 pr-4 text-right">{t('bookingHealth.misses')}</th>
                      <th scope="col" className="py-2 pr-4 text-right">{t('bookingHealth.cancellations')}</th>
                      <th scope="col" className="py-2">{t('bookingHealth.state')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.businesses.map((b) => (
                      <tr key={b.businessId} className="border-b border-line last:border-0" data-testid="booking-health-row">
                        <th scope="row" className="py-2 pr-4 font-normal">
                          <BusinessLink business={b} onOpen={onOpenBusiness}>
                            {b.businessName}
                          </BusinessLink>
                        </th>
                        <td className={`py-2 pr-4 text-right tabular-nums ${b.missesAlert ? 'font-bold' : ''}`}>{b.misses}</td>
                        <td className={`py-2 pr-4 text-right tabular-nums ${b.cancellationsAlert ? 'font-bold' : ''}`}>{b.businessCancellations}</td>
                        <td className="py-2">
                          <Badge variant={b.alert ? 'warning' : 'neutral'}>{b.alert ? t('bookingHealth.flagged') : t('bookingHealth.ok')}</Badge>
                        </td>
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

/**
 * The same two counts on one business's admin page, so whoever opens it from the banner (or
 * from the list) sees why. A business absent from the answer has neither.
 */
export function BusinessBookingHealthLine({ businessId }: { businessId: string }) {
  const { t } = useText('admin');
  const query = useBookingHealth();
  // The counts are a side note on this page: while they load or if they fail, the page is whole without them.
  if (!query.data) return null;
  const row = query.data.businesses.find((b) => b.businessId === businessId);
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="business-booking-health">
      <span className="font-semibold">{t('bookingHealth.detailTitle', { days: String(query.data.windowDays) })}</span>
      <span>{t('bookingHealth.detail', { misses: String(row?.misses ?? 0), cancellations: String(row?.businessCancellations ?? 0) })}</span>
      {row?.alert ? (
        <Badge variant="warning">
          <AlertTriangle aria-hidden="true" />
          {t('bookingHealth.flagged')}
        </Badge>
      ) : null}
    </p>
  );
}
