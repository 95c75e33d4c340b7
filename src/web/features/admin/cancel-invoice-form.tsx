import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { cancelInvoiceSchema, InvoiceSummary } from '@shared/contracts/invoices';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { apiErrorMessage, apiFieldErrors } from '@web/lib/api-error';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { useText } from '@web/lib/text';
import { useCancelInvoice } from './invoices-api';
import { setServerFieldErrors, useFieldError } from './forms';

// The contract the server cancels with, loaded on the form's first focus (ADR 039).
const cancelForm = lazyZodResolver(() => import('@shared/contracts/invoices').then((m) => m.cancelInvoiceSchema));
/** The invoice contract's own codes, in the back office's words. */
const codes = { cancelReasonRequired: 'required', cancelReasonTooLong: 'tooLong' };

/**
 * "Cancel invoice" opened (`invoices-card.tsx` loads this when its section is first opened, so
 * the payouts tab's first load carries no form code): why it was issued by mistake.
 */
export function CancelInvoiceForm({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useText('admin-money');
  const cancel = useCancelInvoice();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<{ reason: string }, unknown, z.output<typeof cancelInvoiceSchema>>({
    resolver: cancelForm.resolver,
    reValidateMode: 'onSubmit',
    defaultValues: { reason: '' },
  });
  const fieldError = useFieldError(errors, codes);
  // Nothing to send until a reason is typed.
  const reason = useWatch({ control, name: 'reason' });
  // The reason as the contract trimmed it.
  const submit = handleSubmit((values) =>
    cancel.mutate(
      { id: invoice.id, reason: values.reason },
      {
        onSuccess: () => toast.success(t('invoices.recent.cancelledToast', { number: invoice.fullNumber })),
        onError: (failure) => {
          if (!setServerFieldErrors(setError, apiFieldErrors(failure), ['reason'])) toast.error(apiErrorMessage(failure, 'admin'));
        },
      },
    ),
  );
  return (
    <form onSubmit={(event) => void submit(event)} onFocus={cancelForm.preload} className="mt-2 flex flex-col gap-2">
      <Field label={t('invoices.recent.reason')} error={fieldError('reason')}>
        <Input required maxLength={500} {...register('reason')} />
      </Field>
      <Button type="submit" variant="secondary" className="w-fit" disabled={cancel.isPending || reason.trim() === ''}>
        {t('invoices.recent.confirm', { number: invoice.fullNumber })}
      </Button>
    </form>
  );
}
