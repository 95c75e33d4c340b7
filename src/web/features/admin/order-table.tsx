import { useState } from 'react';
import { useText } from '@web/lib/text';
import type { AdminOrder } from '@shared/contracts/admin';
import { formatDate, formatDateTime, formatPercent, formatPrice } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { orderStatusBadge } from '@web/lib/order-status-style';
import { useCancelOrder, useExtendExpiry } from './api';
import { adminErrorMessage, adminFieldErrors } from './api-error';

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
              {t('orders.to', { name: o.recipientName })}
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
      {canExtend ? <ExtendExpiry order={order} /> : null}
      {canCancel ? <CancelOrder order={order} /> : null}
    </div>
  );
}

/** Paid (or expired) orders are refunded in full and cancelled; unpaid ones are only cancelled. */
function CancelOrder({ order }: { order: AdminOrder }) {
  const { t } = useText('admin');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useCancelOrder(order.id);
  const refunds = order.status !== 'unpaid';
  const label = refunds ? t('orders.cancelRefund') : t('orders.cancelOnly');
  const amount = formatPrice(order.totalAmount);
  const submit = () => {
    setProblem(null);
    if (!reason.trim()) {
      setError(t('fieldErrors.required'));
      return;
    }
    setError(undefined);
    mutation.mutate(
      { reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(refunds ? t('orders.refundedToast', { amount }) : t('orders.cancelledToast'));
          setOpen(false);
        },
        onError: (failure) => {
          const fields = adminFieldErrors(failure);
          if (fields.reason) setError(fields.reason);
          else setProblem(adminErrorMessage(failure));
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {label}
        <span className="sr-only">…{order.codeSuffix}</span>
      </Button>
      <DialogContent
        title={t('orders.cancelTitle')}
        description={refunds ? t('orders.cancelRefundLead', { amount }) : t('orders.cancelOnlyLead')}
        closeLabel={t('close')}
      >
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Field label={t('orders.reason')} error={error} hint={t('orders.cancelEmails')} required>
            <Textarea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
          {problem ? (
            <p role="alert" className="text-sm font-medium text-danger-700">
              {problem}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('orders.cancelKeep')}</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={mutation.isPending}>
              {label}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ExtendExpiry({ order }: { order: AdminOrder }) {
  const { t, language } = useText('admin');
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useExtendExpiry(order.id);
  const submit = () => {
    const missing: Record<string, string> = {};
    if (!date) missing.expiresOn = t('fieldErrors.invalidDate');
    if (!reason.trim()) missing.reason = t('fieldErrors.required');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    mutation.mutate(
      { expiresOn: date, reason: reason.trim() },
      {
        onSuccess: (updated) => {
          toast.success(t('orders.extended', { date: formatDate(updated.expiresAt, language) }));
          setOpen(false);
        },
        onError: (error) => setErrors(adminFieldErrors(error)),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {t('orders.extend')}
        <span className="sr-only">…{order.codeSuffix}</span>
      </Button>
      <DialogContent
        title={t('orders.extendTitle')}
        description={t('orders.extendLead', { date: formatDate(order.expiresAt, language) })}
        closeLabel={t('close')}
      >
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Field label={t('orders.newDate')} error={errors.expiresOn} hint={order.recipientEmail ? t('orders.willEmail') : t('orders.noEmail')} required>
            <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </Field>
          <Field label={t('orders.reason')} error={errors.reason} required>
            <Textarea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={mutation.isPending}>
              {t('orders.extendSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
