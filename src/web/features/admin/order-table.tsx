import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useText } from '@web/lib/text';
import type { AdminOrder } from '@shared/contracts/admin';
import { formatDate, formatDateTime, formatPercent, formatPrice } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { orderStatusBadge } from '@web/lib/order-status-style';

/** Orders as the team sees them; each row's actions live in `OrderActions`. */
export function OrderTable({ orders }: { orders: AdminOrder[] }) {
  const { t, language } = useText('admin');
  if (orders.length === 0) return <p className="text-muted">{t('orders.empty')}</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid="order-list">
      {orders.map((o) => (
        <li key={o.id} className="flex flex-col gap-2 rounded-xl border border-line bg-white p-3 text-sm sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-mono font-semibold">…{o.codeSuffix}</span>
              <Badge variant={orderStatusBadge(o.status)}>{t(`orderStatus.${o.status}`)}</Badge>
              <span className="font-semibold">{o.giftName}</span>
              <span className="text-muted">· {o.businessName}</span>
            </p>
            <p>
              {o.recipientName ? t('orders.to', { name: o.recipientName }) : t('orders.toUnnamed')}
              {o.recipientEmail ? ` (${o.recipientEmail})` : ''} · {t('orders.from', { email: o.buyerEmail ?? t('orders.deletedBuyer') })}
            </p>
            <p className="text-muted">
              {formatPrice(o.totalAmount)}
              {o.commissionAmount !== null ? ` · ${t('orders.commission', { rate: formatPercent(o.commissionRate ?? 0), amount: formatPrice(o.commissionAmount) })}` : ''} ·{' '}
              {t('orders.placed', { date: formatDateTime(o.createdAt, language) })} · {t('orders.expires', { date: formatDate(o.expiresAt, language) })}
            </p>
            {o.commissionVatAmount !== null && o.netAmount !== null ? (
              <p className="text-muted" data-testid="order-money">
                {t('orders.money', {
                  vat: formatPrice(o.commissionVatAmount),
                  net: formatPrice(o.netAmount),
                  state: o.transferState ? t(`orders.transferStates.${o.transferState}`) : t('orders.noTransfer'),
                })}
              </p>
            ) : null}
            {o.cancelReason ? <p className="text-muted">{o.cancelReason}</p> : null}
          </div>
          <OrderActions order={o} />
        </li>
      ))}
    </ul>
  );
}

function OrderActions({ order }: { order: AdminOrder }) {
  const canExtend = order.status === 'paid' || order.status === 'expired';
  const canCancel = canExtend || order.status === 'unpaid';
  return (
    <div className="flex shrink-0 flex-wrap gap-2">
      {order.valueKind === 'card' ? <CardMovements order={order} /> : null}
      {canExtend ? <ExtendExpiry order={order} /> : null}
      {canCancel ? <CancelOrder order={order} /> : null}
    </div>
  );
}

// Radix's dialog code and the forms load on the first click (ADR 046): the list paints without them.
const CancelOrderDialog = lazy(() => import('./order-action-dialogs').then((m) => ({ default: m.CancelOrderDialog })));
const ExtendExpiryDialog = lazy(() => import('./order-action-dialogs').then((m) => ({ default: m.ExtendExpiryDialog })));
const CardMovementsDialog = lazy(() => import('./card-movements-dialog').then((m) => ({ default: m.CardMovementsDialog })));

/** A gift card's balance and movements, and the team's undo of a use (ADR 104). */
function CardMovements({ order }: { order: AdminOrder }) {
  const { t } = useText('admin');
  return (
    <DialogOpener label={t('cards.open')} order={order}>
      {(open, setOpen) => <CardMovementsDialog order={order} open={open} onOpenChange={setOpen} />}
    </DialogOpener>
  );
}

/** Paid (or expired) orders are refunded in full and cancelled; unpaid ones are only cancelled. */
function CancelOrder({ order }: { order: AdminOrder }) {
  const { t } = useText('admin');
  return (
    <DialogOpener label={order.status !== 'unpaid' ? t('orders.cancelRefund') : t('orders.cancelOnly')} order={order}>
      {(open, setOpen) => <CancelOrderDialog order={order} open={open} onOpenChange={setOpen} />}
    </DialogOpener>
  );
}

function ExtendExpiry({ order }: { order: AdminOrder }) {
  const { t } = useText('admin');
  return (
    <DialogOpener label={t('orders.extend')} order={order}>
      {(open, setOpen) => <ExtendExpiryDialog order={order} open={open} onOpenChange={setOpen} />}
    </DialogOpener>
  );
}

/** The row's button, and its dialog from the first click on (kept, with what was typed, after it closes). */
function DialogOpener({ label, order, children }: { label: string; order: AdminOrder; children: (open: boolean, setOpen: (open: boolean) => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {label}
        <span className="sr-only">…{order.codeSuffix}</span>
      </Button>
      {used ? <Suspense fallback={null}>{children(open, setOpen)}</Suspense> : null}
    </>
  );
}
