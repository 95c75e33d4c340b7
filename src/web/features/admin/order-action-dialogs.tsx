import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { apiErrorMessage, apiFieldErrors } from '@web/lib/api-error';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { useFieldError } from './forms';

/**
 * The order list's two dialogs, loaded when one is first opened (`order-table.tsx`): the list
 * itself needs none of Radix's dialog code. Each stays mounted once opened, so what was typed
 * is still there when it is opened again.
 */
type DialogProps = { order: AdminOrder; open: boolean; onOpenChange: (open: boolean) => void };

// The contracts the server checks with, loaded on a form's first focus (ADR 039).
const cancelForm = lazyZodResolver(() => import('@shared/contracts/admin').then((m) => m.cancelOrderBodySchema));
const extendForm = lazyZodResolver(() => import('@shared/contracts/admin').then((m) => m.extendExpiryBodySchema));

/** Paid (or expired) orders are refunded in full and cancelled; unpaid ones are only cancelled. */
export function CancelOrderDialog({ order, open, onOpenChange: setOpen }: DialogProps) {
  const { t } = useText('admin');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useCancelOrder(order.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ reason: string }>({ resolver: cancelForm.resolver, reValidateMode: 'onSubmit', defaultValues: { reason: '' } });
  const fieldError = useFieldError(errors);
  const refunds = order.status !== 'unpaid';
  const label = refunds ? t('orders.cancelRefund') : t('orders.cancelOnly');
  const amount = formatPrice(order.totalAmount);
  // The reason as the contract trimmed it.
  const submit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast.success(refunds ? t('orders.refundedToast', { amount }) : t('orders.cancelledToast'));
      setOpen(false);
    } catch (failure) {
      const fields = apiFieldErrors(failure);
      if (fields.reason) setError('reason', { type: 'server', message: fields.reason });
      else setProblem(apiErrorMessage(failure, 'admin'));
    }
  });
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
          onFocus={cancelForm.preload}
          onSubmit={(event) => {
            setProblem(null);
            void submit(event);
          }}
        >
          <Field label={t('orders.reason')} error={fieldError('reason')} hint={t('orders.cancelEmails')} required>
            <Textarea rows={3} {...register('reason')} />
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
  const mutation = useExtendExpiry(order.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ expiresOn: string; reason: string }>({
    resolver: extendForm.resolver,
    reValidateMode: 'onSubmit',
    defaultValues: { expiresOn: '', reason: '' },
  });
  const fieldError = useFieldError(errors);
  const submit = handleSubmit(async (values) => {
    try {
      const updated = await mutation.mutateAsync(values);
      toast.success(t('orders.extended', { date: formatDate(updated.expiresAt, language) }));
      setOpen(false);
    } catch (error) {
      // Anything else (not extendable, the connection) is the area's toast.
      for (const [field, code] of Object.entries(apiFieldErrors(error))) {
        if (field === 'expiresOn' || field === 'reason') setError(field, { type: 'server', message: code });
      }
    }
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        title={t('orders.extendTitle')}
        description={t('orders.extendLead', { date: formatDate(order.expiresAt, language) })}
        closeLabel={t('close')}
      >
        <form className="flex flex-col gap-3" noValidate onFocus={extendForm.preload} onSubmit={(event) => void submit(event)}>
          <Field label={t('orders.newDate')} error={fieldError('expiresOn')} hint={order.recipientEmail ? t('orders.willEmail') : t('orders.noEmail')} required>
            <Input type="date" {...register('expiresOn')} />
          </Field>
          <Field label={t('orders.reason')} error={fieldError('reason')} required>
            <Textarea rows={3} {...register('reason')} />
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
