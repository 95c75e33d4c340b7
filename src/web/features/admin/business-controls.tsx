import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { commissionBodySchema } from '@shared/contracts/admin';
import { formatPercent } from '@shared/format';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { apiFieldErrors } from '@web/lib/api-error';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { useText } from '@web/lib/text';
import { useBusinessAction } from './api';
import { rateText, setServerFieldErrors, useFieldError, withTypedRate } from './forms';

/**
 * A business's controls in the back office: its commission rate (a proposal to the owner,
 * ADR 065), and deactivating or reactivating it, each with an optional reason. Loaded by
 * `business-detail.tsx` beside the business's data, with react-hook-form: the businesses
 * tab's list carries neither.
 */
// The contract the server checks a new rate with, loaded on the form's first focus (ADR 039).
const commissionForm = lazyZodResolver(() => import('@shared/contracts/admin').then((m) => m.commissionBodySchema));
const commissionResolver = withTypedRate(commissionForm.resolver);
type CommissionValues = { commissionRate: string; reason?: string };

export function BusinessControls({ businessId, businessName, rate, isActive, isApproved }: { businessId: string; businessName: string; rate: number; isActive: boolean; isApproved: boolean }) {
  const { t } = useText('admin');
  const action = useBusinessAction(businessId);
  // One form for the rate and the reason: the reason goes with a new rate, and with a
  // deactivation or reactivation (buttons beside it, not a submit of the rate form).
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<CommissionValues, unknown, z.output<typeof commissionBodySchema>>({
    resolver: commissionResolver,
    reValidateMode: 'onSubmit',
    defaultValues: { commissionRate: rateText(rate), reason: '' },
  });
  const fieldError = useFieldError(errors);
  const onError = (error: unknown) => {
    clearErrors();
    setServerFieldErrors(setError, apiFieldErrors(error), ['commissionRate', 'reason']);
  };
  // Deactivating and reactivating send the reason as typed (the server trims it; empty is none).
  const reason = () => getValues('reason')?.trim() || undefined;
  // The rate and the reason as the contract read them.
  const saveRate = handleSubmit((values) =>
    action.mutate(
      { kind: 'commission', body: { commissionRate: values.commissionRate, reason: values.reason ?? undefined } },
      {
        // A different rate waits for the owner's acceptance (ADR 065): say which happened.
        onSuccess: (detail) =>
          toast.success(
            detail.business.proposedCommissionRate !== null
              ? t('businesses.rateProposed', { rate: formatPercent(detail.business.proposedCommissionRate) })
              : t('businesses.rateKept', { rate: formatPercent(detail.business.commissionRate) }),
          ),
        onError,
      },
    ),
  );
  return (
    <div className="grid gap-4 rounded-2xl bg-sand-100 p-4 md:grid-cols-2">
      <form className="flex flex-col gap-3" noValidate onFocus={commissionForm.preload} onSubmit={(event) => void saveRate(event)}>
        <Field label={t('businesses.rate')} hint={t('businesses.rateHint')} error={fieldError('commissionRate')} required>
          <Input inputMode="decimal" {...register('commissionRate')} />
        </Field>
        <Button type="submit" variant="outline" disabled={action.isPending}>
          {t('businesses.saveRate')}
        </Button>
      </form>
      <div className="flex flex-col gap-3">
        <Field label={t('businesses.reason')} hint={t('businesses.reasonHint')} error={fieldError('reason')}>
          <Input {...register('reason')} />
        </Field>
        {isActive ? (
          <ConfirmDialog
            trigger={
              <Button variant="destructive" disabled={action.isPending}>
                {t('businesses.deactivate')}
              </Button>
            }
            title={t('businesses.deactivateTitle', { name: businessName })}
            description={t('businesses.deactivateLead')}
            confirmLabel={t('businesses.deactivate')}
            cancelLabel={t('businesses.keepActive')}
            onConfirm={() =>
              action.mutate(
                { kind: 'deactivate', body: { reason: reason() } },
                { onSuccess: () => toast.success(t('businesses.deactivated', { name: businessName })), onError },
              )
            }
          />
        ) : (
          <Button
            disabled={action.isPending || !isApproved}
            onClick={() => action.mutate({ kind: 'reactivate', body: { reason: reason() } }, { onSuccess: () => toast.success(t('businesses.reactivated')), onError })}
          >
            {t('businesses.reactivate')}
          </Button>
        )}
        <p className="text-sm text-muted">{isActive ? t('businesses.deactivateHint') : isApproved ? t('businesses.reactivateHint') : t('businesses.notApprovedHint')}</p>
      </div>
    </div>
  );
}
