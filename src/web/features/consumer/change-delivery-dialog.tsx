import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useText } from '@web/lib/text';
import type { z } from 'zod';
import type { UpdateDeliveryInput, updateDeliveryInputSchema } from '@shared/contracts/checkout';
import type { MyOrder } from '@shared/contracts/my-orders';
import { instantToMadridLocal } from '@shared/domain/delivery-time';
import { DeliveryPicker } from '@web/components/delivery-picker';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { deliveryError } from '@web/lib/madrid-time';
import { useUpdateDelivery } from './api';
import { apiFieldErrors } from '@web/lib/api-error';

type FieldName = keyof UpdateDeliveryInput;
type UpdateDeliveryValues = z.output<typeof updateDeliveryInputSchema>;

const initialValues = (order: MyOrder): UpdateDeliveryInput => ({
  // Asked only of a gift given in person to nobody named (ADR 103); never sent otherwise.
  ...(order.deliveryState === 'in_person' && !order.recipientName ? { recipientName: '' } : {}),
  recipientEmail: order.recipientEmail ?? '',
  recipientPhone: order.recipientPhone ?? '',
  delivery: order.deliverAt ? { kind: 'scheduled', ...instantToMadridLocal(new Date(order.deliverAt)) } : { kind: 'now' },
});

// The contract the server checks with, loaded on the form's first focus, not with the tab (ADR 039).
const deliveryForm = lazyZodResolver(() => import('@shared/contracts/checkout').then((m) => m.updateDeliveryInputSchema));

/**
 * The contract, then the moment against the clock (the server's rule, which needs "now" and so
 * is not in the contract): a past or too distant moment shows with the contract's own errors.
 */
const checkDelivery: Resolver<UpdateDeliveryInput, unknown, UpdateDeliveryValues> = async (values, context, options) => {
  const result = await deliveryForm.resolver(values, context, options);
  const when = deliveryError(values.delivery, new Date());
  if (!when || result.errors.delivery) return result;
  return { values: {}, errors: { ...result.errors, delivery: { type: 'delivery', message: when } } };
};

/**
 * Changing a scheduled gift's recipient contact or delivery moment (loaded on first use, ADR
 * 039); for a gift given in person, sending it after all ("Send it now", once, ADR 103).
 */
export function ChangeDeliveryDialog({
  order,
  open,
  onOpenChange: setOpen,
}: {
  order: MyOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t: to } = useText('orders');
  const sendsNow = order.deliveryState === 'in_person';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        title={sendsNow ? to('inPerson.sendTitle', { gift: order.giftName }) : to('changeDeliveryTitle', { name: order.recipientName })}
        description={sendsNow ? to('inPerson.sendLead') : to('changeDeliveryLead')}
        closeLabel={to('close')}
      >
        {open ? <ChangeDeliveryForm order={order} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ChangeDeliveryForm({ order, onDone }: { order: MyOrder; onDone: () => void }) {
  const { t } = useText('checkout');
  const { t: to } = useText('orders');
  const update = useUpdateDelivery();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<UpdateDeliveryInput, unknown, UpdateDeliveryValues>({
    resolver: checkDelivery,
    // An error stays until the next "Save", as the checkout's do before its first try.
    reValidateMode: 'onSubmit',
    defaultValues: initialValues(order),
  });
  const fieldError = (field: FieldName) => {
    // The delivery's errors may name its date or time; the picker shows one for the whole.
    const error = errors[field] as { message?: string; date?: { message?: string }; time?: { message?: string } } | undefined;
    const code = error?.message ?? error?.date?.message ?? error?.time?.message;
    return code ? t(`errors.fields.${code}`, { defaultValue: t('errors.fields.invalid') }) : undefined;
  };

  const submit = handleSubmit(async () => {
    // Sent as typed, not as the contract's parse (which turns '' into null): the server parses it itself.
    const input = getValues();
    try {
      await update.mutateAsync({ orderId: order.id, input });
      toast.success(order.deliveryState === 'in_person' ? to('inPerson.sent') : to('deliveryChanged'));
      onDone();
    } catch (error) {
      // `delivery.date` and the like land on the delivery picker as a whole.
      for (const [key, code] of Object.entries(apiFieldErrors(error))) {
        const field = key.split('.')[0];
        if (field === 'recipientName' || field === 'recipientEmail' || field === 'recipientPhone' || field === 'delivery') setError(field, { type: 'server', message: code });
      }
      const code = error instanceof ApiError ? error.code : 'default';
      setFormError(t(`errors.codes.${code}`, { defaultValue: t('errors.codes.default') }));
    }
  });

  return (
    <form
      noValidate
      onFocus={deliveryForm.preload}
      onSubmit={(event) => {
        setFormError(null);
        void submit(event);
      }}
      className="flex flex-col gap-4"
    >
      {/* A gift given in person to nobody named is named as it is sent (ADR 103). */}
      {order.deliveryState === 'in_person' && !order.recipientName ? (
        <Field label={t('line.name')} required error={fieldError('recipientName')}>
          <Input autoComplete="off" {...register('recipientName')} />
        </Field>
      ) : null}
      <Field label={t('line.email')} hint={t('line.contactHint')} error={fieldError('recipientEmail')}>
        <Input type="email" inputMode="email" {...register('recipientEmail')} />
      </Field>
      <Field label={t('line.phone')} error={fieldError('recipientPhone')}>
        <Input type="tel" inputMode="tel" {...register('recipientPhone')} />
      </Field>
      <Controller
        control={control}
        name="delivery"
        render={({ field }) => (
          <DeliveryPicker value={field.value} onChange={field.onChange} error={fieldError('delivery')} nowLabel={t('delivery.nowShort')} />
        )}
      />
      {formError ? (
        <p role="alert" className="rounded-xl bg-danger-50 p-3 text-sm font-medium text-danger-700">
          {formError}
        </p>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{to('cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner decorative /> : null}
          {order.deliveryState === 'in_person' ? to('inPerson.sendSubmit') : to('saveDelivery')}
        </Button>
      </DialogFooter>
    </form>
  );
}
