import { ExternalLink, Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatPrice } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useMyOrders } from './api';
import { orderStatusBadge } from '@web/lib/order-status-style';
import { QueryState } from './query-state';

export function OrdersTab() {
  const { t } = useTranslation('app');
  const query = useMyOrders();

  return (
    <section aria-labelledby="orders-title" className="flex flex-col gap-4">
      <h2 id="orders-title" className="font-display text-2xl font-semibold">
        {t('orders.title')}
      </h2>
      <QueryState query={query}>
        {(data) =>
          data.items.length === 0 ? (
            <Card className="flex flex-col items-center gap-3 p-8 text-center">
              <Gift aria-hidden="true" className="size-10 text-brand-400" />
              <p className="text-lg font-semibold">{t('orders.empty')}</p>
              <p className="text-muted">{t('orders.emptyHint')}</p>
              <Button asChild>
                <Link to="/app?tab=gifts">{t('orders.browseGifts')}</Link>
              </Button>
            </Card>
          ) : (
            <ul className="flex flex-col gap-3">
              {data.items.map((order) => (
                <li key={order.id}>
                  <Card className="flex flex-col gap-2 p-4">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div>
                        <h3 className="font-semibold">{order.giftName}</h3>
                        <p className="text-sm text-muted">
                          {t('orders.from', { business: order.businessName })}
                        </p>
                      </div>
                      <Badge variant={orderStatusBadge(order.status)}>
                        {t(`orders.status.${order.status}`)}
                      </Badge>
                    </div>
                    <p>{t('orders.recipient', { name: order.recipientName })}</p>
                    {order.personalMessage ? (
                      <p className="text-sm italic text-muted">“{order.personalMessage}”</p>
                    ) : null}
                    <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                      <p className="font-bold">
                        <span className="sr-only">{t('orders.total')}: </span>
                        {formatPrice(order.totalAmount)}
                      </p>
                      <p>{t('orders.created', { date: formatDateTime(order.createdAt) })}</p>
                      <p>{t('orders.expires', { date: formatDate(order.expiresAt) })}</p>
                    </div>
                    {order.giftPagePath ? (
                      <a
                        href={order.giftPagePath}
                        className="inline-flex items-center gap-1 self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
                      >
                        {t('orders.openGiftPage')}
                        <ExternalLink aria-hidden="true" className="size-4" />
                      </a>
                    ) : null}
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
