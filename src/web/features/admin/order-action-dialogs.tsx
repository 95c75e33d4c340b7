import { useState } from 'react';
import { useText } from '@web/lib/text';
import type { AdminOrder } from '@shared/contracts/admin';
import { formatDate, formatPrice } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { useCancelOrder, useExtendExpiry } from './api';
import { apiErrorMessage } from '@web/lib/api-error';
import { apiFieldMessages } from '@web/lib/api-field-messages';

/**
 * The order list's two dialogs, loaded when one is first opened (`order-table.tsx`): the list
 * itself needs none of Radix's dialog code. Each stays mounted once opened, so what was typed
 * is still there when it is opened again.
 */
type DialogProps = { order: AdminOrder; open: boolean; onOpenChange: (open: boolean) => void };

/** Paid (or expired) orders are refunded in full and cancelled; unpaid ones are only cancelled. */
export function CancelOrderDialog({ order, open, onOpenChange: setOpen }: DialogProps) {
  const { t } = useText('admin');
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
          const fields = apiFieldMessages(failure, 'admin');
          if (fields.reason) setError(fields.reason);
          else setProblem(apiErrorMessage(failure, 'admin'));
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
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

export function ExtendExpiryDialog({ order, open, onOpenChange: setOpen }: DialogProps) {
  const { t, language } = useText('admin');
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
        onError: (error) => setErrors(apiFieldMessages(error, 'admin')),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
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
