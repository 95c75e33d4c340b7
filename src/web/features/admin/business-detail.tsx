import { lazy, Suspense, useEffect } from 'react';
import { useText } from '@web/lib/text';
import { formatPrice } from '@shared/format';
import { QueryFallback } from '@web/components/query-fallback';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useBusiness } from './api';
import { apiErrorMessage } from '@web/lib/api-error';
import { ApplicationHistory, BusinessFacts } from './business-facts';
import { OrderTable } from './order-table';

// The rate and activation form, with react-hook-form (13.6 KB), loads when a business is
// opened: with the list it would take the businesses tab over its 150 KB budget (bench/route-js.mjs).
const loadControls = () => import('./business-controls');
const BusinessControls = lazy(() => loadControls().then((m) => ({ default: m.BusinessControls })));

export function BusinessDetail({ id, onOrders }: { id: string; onOrders: (name: string) => void }) {
  const { t } = useText('admin');
  const query = useBusiness(id);
  // Fetched beside the business, not after it (a failure is the lazy form's to report).
  useEffect(() => {
    loadControls().catch(() => undefined);
  }, []);
  const detail = query.data;
  if (!detail) {
    return (
      <QueryFallback
        error={query.isError ? apiErrorMessage(query.error, 'admin') : null}
        onRetry={() => void query.refetch()}
        retryLabel={t('retry')}
        loadingLabel={t('loading')}
      />
    );
  }
  const { business } = detail;
  return (
    <div className="flex flex-col gap-4" data-testid="business-detail">
      <Card>
        <CardHeader>
          <CardTitle as="h2">{business.name}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <BusinessFacts business={business} />
          <Suspense fallback={<QueryFallback error={null} onRetry={() => undefined} retryLabel={t('retry')} loadingLabel={t('loading')} />}>
            <BusinessControls
              businessId={business.id}
              businessName={business.name}
              rate={business.proposedCommissionRate ?? business.commissionRate}
              isActive={business.isActive}
              isApproved={business.verificationStatus === 'approved'}
            />
          </Suspense>
          <ApplicationHistory applications={detail.applications} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('businesses.gifts')}</CardTitle>
        </CardHeader>
        <CardContent>
          {detail.gifts.length === 0 ? (
            <p className="text-muted">{t('businesses.noGifts')}</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {detail.gifts.map((g) => (
                <li key={g.id} className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{g.name}</span> · {formatPrice(g.price)}
                  {g.archived ? <Badge>{t('businesses.archived')}</Badge> : !g.isAvailable ? <Badge>{t('businesses.unavailable')}</Badge> : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2">{t('businesses.orders')}</CardTitle>
          <Button variant="outline" size="sm" onClick={() => onOrders(business.name)}>
            {t('businesses.searchOrders')}
          </Button>
        </CardHeader>
        <CardContent>
          <OrderTable orders={detail.orders} />
        </CardContent>
      </Card>
    </div>
  );
}
