import { Package } from 'lucide-react';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useText } from '@web/lib/text';
import type { DashboardOrder } from '@shared/contracts/business-dashboard';
import { businessOrderStatuses, type BusinessOrderFilter } from '@shared/domain/order-status';
import { addDays, localDateOf, startOfLocalDay } from '@shared/domain/analytics';
import { extensionLengthsFor } from '@shared/domain/extension-lengths';
import { formatDate, formatDateTime, formatPrice } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { controlClasses } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { orderStatusBadge } from '@web/lib/order-status-style';
import { useDecideExtension, useOrders } from './api';
import { formatPercent } from '@shared/format';
import { apiErrorMessage, apiFieldErrors } from '@web/lib/api-error';
import { useOrderUpdates } from './use-order-updates';
import { QueryFallback } from '@web/components/query-fallback';

type Filter = BusinessOrderFilter | 'all';

export function OrdersTab() {
  const { t } = useText('dashboard');
  const filterId = useId();
  const [filter, setFilter] = useState<Filter>('all');
  const [announcement, setAnnouncement] = useState('');
  const query = useOrders(filter);

  const announce = useCallback(
    (orders: DashboardOrder[]) => {
      const [first] = orders;
      if (!first) return;
      setAnnouncement(
        orders.length === 1
          ? first.recipientName
            ? t('orders.newOne', { gift: first.giftName, name: first.recipientName })
            : t('orders.newOneUnnamed', { gift: first.giftName })
          : t('orders.newMany', { count: orders.length }),
      );
    },
    [t],
  );
  useOrderUpdates(announce);

  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="orders-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="orders-title" className="font-display text-2xl font-semibold">
          {t('orders.title')}
        </h2>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={filterId}>{t('orders.filterLabel')}</Label>
          <select
            id={filterId}
            value={filter}
            onChange={(event) => setFilter(event.target.value as Filter)}
            className={cn(controlClasses, 'min-h-11 min-w-44 cursor-pointer py-2')}
          >
            <option value="all">{t('orders.filterAll')}</option>
            {businessOrderStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`orderStatus.${status}`)}
              </option>
            ))}
            <option value="extension_requested">{t('orders.filterExtensionRequested')}</option>
          </select>
        </div>
      </div>
      <p aria-live="polite" role="status" className="text-sm font-semibold text-green-800" data-testid="orders-announcement">
        {announcement}
      </p>
      {query.data ? (
        items.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 p-8 text-center">
            <Package aria-hidden="true" className="size-10 text-brand-400" />
            <p className="text-lg font-semibold">{filter === 'all' ? t('orders.empty') : t('orders.emptyFiltered')}</p>
            <p className="text-muted">{t('orders.emptyHint')}</p>
          </Card>
        ) : (
          <>
            <ul className="flex flex-col gap-3" data-testid="orders-list">
              {items.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} />
                </li>
              ))}
            </ul>
            {query.hasNextPage ? (
              <Button
                variant="outline"
                className="self-center"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? <Spinner decorative /> : null}
                {t('orders.loadMore')}
              </Button>
            ) : null}
          </>
        )
      ) : (
        <QueryFallback
          error={query.isError ? apiErrorMessage(query.error, 'dashboard') : null}
          onRetry={() => void query.refetch()}
          retryLabel={t('common.retry')}
          loadingLabel={t('common.loading')}
        />
      )}
    </section>
  );
}

/** An order withdrawn by its giver or cancelled by the team pays the business nothing. */
const noIncomeStatuses: readonly string[] = ['withdrawn', 'cancelled'];

function OrderCard({ order }: { order: DashboardOrder }) {
  const { t, language } = useText('dashboard');
  const noIncome = noIncomeStatuses.includes(order.status);
  return (
    <Card className="flex flex-col gap-2 p-4" data-testid="order-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold">
          {order.giftName}
          {order.card ? <span className="ms-2 text-sm font-normal text-muted">· {t('orders.card.tag')}</span> : null}
        </h3>
        <Badge variant={orderStatusBadge(order.status)}>{t(`orderStatus.${order.status}`, { defaultValue: order.status })}</Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <OrderDetail label={t('orders.total')}>
          <span className="font-bold">{formatPrice(order.totalAmount)}</span>
        </OrderDetail>
        {order.card ? <CardFigures card={order.card} /> : null}
        {noIncome ? (
          // Refunded or cancelled: no commission, no share, whatever the transfer's state.
          <OrderDetail label={t('orders.net')}>
            <span data-testid="order-net">{formatPrice(0)}</span>
          </OrderDetail>
        ) : order.commissionAmount !== null && order.netAmount !== null ? (
          <>
            <OrderDetail label={t('orders.commission')}>
              <span data-testid="order-commission">
                {formatPrice(order.commissionAmount)}
                {order.commissionRate !== null ? ` (${formatPercent(order.commissionRate)})` : null}
              </span>
            </OrderDetail>
            {order.commissionVatAmount !== null ? (
              <OrderDetail label={t('orders.commissionVat')}>
                <span data-testid="order-commission-vat">{formatPrice(order.commissionVatAmount)}</span>
              </OrderDetail>
            ) : null}
            <OrderDetail label={t('orders.net')}>
              <span data-testid="order-net" className="font-semibold">
                {formatPrice(order.netAmount)}
              </span>
            </OrderDetail>
            {order.transferState ? (
              <OrderDetail label={t('orders.transfer')}>
                <span data-testid="order-transfer">{t(`orders.transferStates.${order.transferState}`)}</span>
              </OrderDetail>
            ) : null}
          </>
        ) : null}
        <OrderDetail label={t('orders.created')}>{formatDateTime(order.createdAt, language)}</OrderDetail>
        {/* Empty for a gift its giver hands over without naming anyone (ADR 103). */}
        <OrderDetail label={t('orders.recipient')}>{order.recipientName || t('orders.notNamed')}</OrderDetail>
        {order.recipientPhone ? <OrderDetail label={t('orders.phone')}>{order.recipientPhone}</OrderDetail> : null}
        <OrderDetail label={t('orders.expires')}>{formatDate(order.expiresAt, language)}</OrderDetail>
      </dl>
      {noIncome ? (
        <p className="text-sm" data-testid="order-no-income">
          {t(`orders.noIncome.${order.status}`)}
        </p>
      ) : null}
      {order.personalMessage ? (
        <p className="rounded-xl bg-sand-100 p-3 text-sm italic">
          <span className="sr-only">{t('orders.message')}: </span>“{order.personalMessage}”
        </p>
      ) : null}
      {order.extensionRequestedAt ? <ExtensionRequest order={order} /> : null}
    </Card>
  );
}

/** A gift card's use so far (ADR 104): what it took, what is left, how many times. */
function CardFigures({ card }: { card: NonNullable<DashboardOrder['card']> }) {
  const { t } = useText('dashboard');
  return (
    <>
      <OrderDetail label={t('orders.card.spent')}>
        <span data-testid="order-card-spent">{formatPrice(card.spentCents)}</span>
      </OrderDetail>
      <OrderDetail label={t('orders.card.balance')}>
        <span data-testid="order-card-balance" className="font-semibold">
          {formatPrice(card.balanceCents)}
        </span>
      </OrderDetail>
      <OrderDetail label={t('orders.card.uses')}>
        <span data-testid="order-card-uses">{t('orders.card.usesCount', { count: card.uses })}</span>
      </OrderDetail>
    </>
  );
}

/**
 * Fair expiry (ADR 064): the recipient of an expired gift asked for more time. The owner picks
 * how long (the gift's validity from today unless they choose less), sees the date it gives,
 * and extends, or declines; the recipient is told either way.
 */
function ExtensionRequest({ order }: { order: DashboardOrder }) {
  const { t, language } = useText('dashboard');
  const decide = useDecideExtension();
  const lengthId = useId();
  const lengthErrorId = useId();
  const lengths = extensionLengthsFor(order.giftValidityDays);
  const [days, setDays] = useState(order.giftValidityDays);
  const lengthError = apiFieldErrors(decide.error).days;
  if (order.extensionDecision) {
    return (
      <p className="text-sm text-muted" data-testid="extension-decision">
        {t(`orders.extension.${order.extensionDecision}`)}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-brand-200 p-3" data-testid="extension-request">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="warning">{t('orders.extension.requested')}</Badge>
        <span className="text-sm text-muted">{formatDate(order.extensionRequestedAt!, language)}</span>
      </div>
      <p className="text-sm">{t('orders.extension.hint', { days: order.giftValidityDays })}</p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={lengthId}>{t('orders.extension.lengthLabel')}</Label>
          <select
            id={lengthId}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            aria-invalid={lengthError ? true : undefined}
            aria-describedby={lengthError ? lengthErrorId : undefined}
            className={cn(controlClasses, 'min-h-11 cursor-pointer py-2')}
            data-testid="extension-length"
          >
            {lengths.map((length) => (
              <option key={length} value={length}>
                {t('orders.extension.length', { count: length })}
              </option>
            ))}
          </select>
        </div>
        <p className="pb-2 text-sm text-muted" data-testid="extension-new-date">
          {/* The server counts from today in Valencia; so does this date. */}
          {t('orders.extension.newDate', { date: formatDate(startOfLocalDay(addDays(localDateOf(new Date()), days)), language) })}
        </p>
      </div>
      {lengthError ? (
        <p id={lengthErrorId} role="alert" className="text-sm font-semibold text-red-700">
          {t(`orders.extension.errors.${lengthError}`, { defaultValue: t('errors.validation_failed') })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate({ id: order.id, decision: 'extend', days })}>
          {t('orders.extension.extend', { count: days })}
        </Button>
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => decide.mutate({ id: order.id, decision: 'decline' })}>
          {t('orders.extension.decline')}
        </Button>
      </div>
      {decide.isError && !lengthError ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {apiErrorMessage(decide.error, 'dashboard')}
        </p>
      ) : null}
    </div>
  );
}

function OrderDetail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-muted">{label}:</dt>
      <dd>{children}</dd>
    </div>
  );
}
