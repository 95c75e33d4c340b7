import { useState, type FormEvent } from 'react';
import { useText } from '@web/lib/text';
import type { DeliveryInput } from '@shared/contracts/checkout';
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
import { deliveryError } from '@web/lib/madrid-time';
import { useUpdateDelivery } from './api';
import { apiFieldErrors } from '@web/lib/api-error';

const initialDelivery = (order: MyOrder): DeliveryInput =>
  order.deliverAt ? { kind: 'scheduled', ...instantToMadridLocal(new Date(order.deliverAt)) } : { kind: 'now' };

/** Changing a scheduled gift's recipient contact or delivery moment (loaded on first use, ADR 039). */
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
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        title={to('changeDeliveryTitle', { name: order.recipientName })}
        description={to('changeDeliveryLead')}
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
  const [email, setEmail] = useState(order.recipientEmail ?? '');
  const [phone, setPhone] = useState(order.recipientPhone ?? '');
  const [delivery, setDelivery] = useState<DeliveryInput>(() => initialDelivery(order));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fieldError = (key: string) =>
    errors[key] ? t(`errors.fields.${errors[key]}`, { defaultValue: t('errors.fields.invalid') }) : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { recipientEmail: email, recipientPhone: phone, delivery };
    const found: Record<string, string> = {};
    // The contract (and zod) load on the first submit, not with the tab (ADR 039).
    const { updateDeliveryInputSchema } = await import('@shared/contracts/checkout');
    const parsed = updateDeliveryInputSchema.safeParse(input);
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    const when = deliveryError(delivery, new Date());
    if (when) found.delivery ??= when;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    try {
      await update.mutateAsync({ orderId: order.id, input });
      toast.success(to('deliveryChanged'));
      onDone();
    } catch (error) {
      const fields = apiFieldErrors(error);
      setErrors(Object.fromEntries(Object.entries(fields).map(([key, code]) => [key.split('.')[0]!, code])));
      const code = error instanceof ApiError ? error.code : 'default';
      setFormError(t(`errors.codes.${code}`, { defaultValue: t('errors.codes.default') }));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <Field label={t('line.email')} hint={t('line.contactHint')} error={fieldError('recipientEmail')}>
        <Input type="email" inputMode="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </Field>
      <Field label={t('line.phone')} error={fieldError('recipientPhone')}>
        <Input type="tel" inputMode="tel" value={phone} onChange={(event) => setPhone(event.target.value)} />
      </Field>
      <DeliveryPicker value={delivery} onChange={setDelivery} error={fieldError('delivery')} nowLabel={t('delivery.nowShort')} />
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
          {to('saveDelivery')}
        </Button>
      </DialogFooter>
    </form>
  );
}
