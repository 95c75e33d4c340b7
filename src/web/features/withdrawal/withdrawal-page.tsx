import { Undo2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { PastWithdrawal, WithdrawalOrder, WithdrawalReceipt, WithdrawalView, WithdrawInput } from '@shared/contracts/withdrawal';
import { WITHDRAWAL_LIMITS } from '@shared/domain/withdrawal';
import { formatDate, formatDateTime, formatPrice } from '@shared/format';
import { FormFailure, PublicFormPage, SendButton } from '@web/components/public-form-page';
import { QueryFallback } from '@web/components/query-fallback';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { getLanguage } from '@web/lib/language';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { useText } from '@web/lib/text';

type Fields = 'name' | 'email' | 'orderIds';
const knownErrors = ['purchase_not_found', 'withdrawal_link_invalid', 'withdrawal_link_expired', 'withdrawal_not_open', 'refund_failed', 'rate_limited'];
// What the giver fills, checked by the contract the server uses; zod loads on the form's
// first focus, not with the page (ADR 039).
const withdrawalForm = lazyZodResolver(() =>
  import('@shared/contracts/withdrawal').then((m) => m.withdrawInputSchema.pick({ name: true, email: true, orderIds: true })),
);

/** A gift given in person to nobody named (ADR 103) has no "for …". */
const lineKey = (recipientName: string) => (recipientName ? 'gifts.line' : 'gifts.lineUnnamed');

function useErrorText() {
  const { t } = useText('withdrawal');
  return useCallback((error: unknown) => (error instanceof ApiError && knownErrors.includes(error.code) ? t(`errors.${error.code}`) : t('errors.default')), [t]);
}

/**
 * "Withdraw from contract here" (art. 11a of Directive 2011/83/EU, ADR 064): which gifts of
 * the purchase, the name and the address for the acknowledgement (prefilled), and one
 * separate "Confirm withdrawal" button. Two doors to it:
 *   /withdraw/<checkout id>     signed in, from "My orders" or the thank-you page;
 *   /withdraw/link/<token>      the receipt email's signed link, no account needed.
 */
export default function WithdrawalPage() {
  const { t, language } = useText('withdrawal');
  const params = useParams();
  const apiPath = params.token ? `/api/withdrawal-links/${encodeURIComponent(params.token)}` : `/api/my/withdrawals/${encodeURIComponent(params.checkoutId ?? '')}`;
  const signedIn = !params.token;

  const [view, setView] = useState<WithdrawalView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<WithdrawalReceipt | null>(null);
  const errorText = useErrorText();

  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    apiRequest<WithdrawalView>(apiPath)
      .then((loaded) => {
        if (current) setView(loaded);
      })
      .catch((error: unknown) => {
        if (current) setLoadError(errorText(error));
      });
    return () => {
      current = false;
    };
  }, [apiPath, attempt, errorText]);
  const retry = () => {
    setLoadError(null);
    setAttempt((n) => n + 1);
  };

  return (
    <PublicFormPage
      metaTitle={receipt ? t('done.title') : t('metaTitle')}
      icon={<Undo2 aria-hidden="true" className="size-7 text-brand-700" />}
      title={receipt ? t('done.title') : t('title')}
    >
      {receipt ? (
        <Card className="flex flex-col gap-3 p-5" data-testid="withdrawal-done" role="status">
          <p>{t('done.when', { date: formatDateTime(receipt.withdrawnAt, language) })}</p>
          <ul className="list-disc pl-5">
            {receipt.orders.map((o) => (
              <li key={o.id}>{t(lineKey(o.recipientName), { gift: o.giftName, business: o.businessName, recipient: o.recipientName, price: formatPrice(o.totalAmount) })}</li>
            ))}
          </ul>
          <p className="font-semibold">{t('done.refund', { amount: formatPrice(receipt.refund) })}</p>
          <p>{t('done.mail', { email: receipt.email })}</p>
          <p className="text-sm text-muted">{t('done.reference', { reference: receipt.reference })}</p>
          {signedIn ? (
            <Link to="/app?tab=orders" className="font-semibold text-sea-700 underline underline-offset-4">
              {t('done.back')}
            </Link>
          ) : null}
        </Card>
      ) : !view ? (
        <QueryFallback error={loadError} onRetry={retry} retryLabel={t('retry')} loadingLabel={t('loading')} size="lg" />
      ) : (
        <WithdrawalForm view={view} apiPath={apiPath} onDone={setReceipt} />
      )}
    </PublicFormPage>
  );
}

function WithdrawalForm({ view, apiPath, onDone }: { view: WithdrawalView; apiPath: string; onDone: (receipt: WithdrawalReceipt) => void }) {
  const { t, language } = useText('withdrawal');
  const errorText = useErrorText();
  const open = view.orders.filter((o) => o.state === 'open');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Pick<WithdrawInput, Fields>>({
    resolver: withdrawalForm.resolver,
    reValidateMode: 'onSubmit',
    // Prefilled with the buyer's name and address; a purchase of one gift: that gift is the choice.
    defaultValues: { name: view.name, email: view.email, orderIds: open.length === 1 ? [open[0]!.id] : [] },
  });

  const send = handleSubmit(async (values) => {
    try {
      const body: WithdrawInput = { ...values, locale: getLanguage() };
      onDone(await apiRequest<WithdrawalReceipt>(apiPath, { method: 'POST', body }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.problem.fields) {
        for (const [field, code] of Object.entries(error.problem.fields)) {
          if (field === 'name' || field === 'email' || field === 'orderIds') setError(field, { message: code });
        }
      } else {
        setFormError(errorText(error));
      }
    }
  });

  const fieldError = (field: Fields) => {
    const code = errors[field]?.message;
    return code ? (field === 'orderIds' && code === 'required' ? t('errors.chooseGift') : t(`errors.fields.${code}`)) : undefined;
  };

  return (
    <form
      noValidate
      aria-labelledby={view.withdrawals.length === 0 || open.length > 0 ? 'withdrawal-intro' : 'withdrawal-past-title'}
      className="flex flex-col gap-4"
      onFocus={withdrawalForm.preload}
      onSubmit={(event) => {
        setFormError(null);
        if (isSubmitting) event.preventDefault();
        else void send(event);
      }}
    >
      {view.withdrawals.length > 0 ? <PastWithdrawals withdrawals={view.withdrawals} /> : null}
      <p className="text-sm text-muted">{t('purchasedOn', { date: formatDate(view.purchasedAt, language) })}</p>
      {/* Reopened after withdrawing: the reference and the refund come first, the right's terms only while something is open. */}
      {view.withdrawals.length === 0 ? (
        <p id="withdrawal-intro">{t('intro', { date: formatDateTime(view.deadline, language) })}</p>
      ) : open.length > 0 ? (
        <p id="withdrawal-intro">{t('introMore', { date: formatDateTime(view.deadline, language) })}</p>
      ) : null}
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.orderIds ? 'withdrawal-gifts-error' : undefined}>
        <legend className="mb-2 font-semibold">{t('gifts.legend')}</legend>
        <Controller
          control={control}
          name="orderIds"
          render={({ field }) => (
            <>
              {view.orders.map((order) => (
                <GiftChoice
                  key={order.id}
                  order={order}
                  checked={field.value.includes(order.id)}
                  onChange={(checked) => field.onChange(checked ? [...field.value, order.id] : field.value.filter((id) => id !== order.id))}
                />
              ))}
            </>
          )}
        />
        {errors.orderIds ? (
          <p id="withdrawal-gifts-error" role="alert" className="text-sm font-medium text-danger-700">
            {fieldError('orderIds')}
          </p>
        ) : null}
      </fieldset>
      {open.length === 0 ? (
        <p role="status" className="rounded-xl bg-sand-100 p-3 font-semibold" data-testid="withdrawal-closed">
          {t('nothingOpen')}
        </p>
      ) : (
        <>
          <Field label={t('name.label')} required error={fieldError('name')}>
            <Input autoComplete="name" maxLength={WITHDRAWAL_LIMITS.name} {...register('name')} />
          </Field>
          <Field label={t('email.label')} required hint={t('email.hint')} error={fieldError('email')}>
            <Input type="email" autoComplete="email" maxLength={WITHDRAWAL_LIMITS.email} {...register('email')} />
          </Field>
          <FormFailure message={formError} />
          <SendButton isSending={isSubmitting} sendingText={t('confirming')}>
            {t('confirm')}
          </SendButton>
        </>
      )}
    </form>
  );
}

function PastWithdrawals({ withdrawals }: { withdrawals: PastWithdrawal[] }) {
  const { t, language } = useText('withdrawal');
  return (
    <Card className="flex flex-col gap-2 p-4" data-testid="withdrawal-past">
      <h2 id="withdrawal-past-title" className="font-semibold">
        {t('past.title')}
      </h2>
      {withdrawals.map((w) => (
        <div key={w.reference}>
          <p className="font-medium">{t('past.line', { reference: w.reference, date: formatDateTime(w.withdrawnAt, language) })}</p>
          <p className="text-sm">{t(`past.${w.refund}`, { amount: formatPrice(w.refundAmount) })}</p>
        </div>
      ))}
    </Card>
  );
}

function GiftChoice({ order, checked, onChange }: { order: WithdrawalOrder; checked: boolean; onChange: (checked: boolean) => void }) {
  const { t, language } = useText('withdrawal');
  const id = `withdraw-${order.id}`;
  const isOpen = order.state === 'open';
  const line = t(lineKey(order.recipientName), { gift: order.giftName, business: order.businessName, recipient: order.recipientName, price: formatPrice(order.totalAmount) });
  return (
    <div className="flex items-start gap-3 rounded-xl border border-line bg-white p-3" data-testid="withdrawal-gift">
      {isOpen ? (
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-700"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
      ) : null}
      <div>
        {isOpen ? (
          <label htmlFor={id} className="font-medium">
            {line}
          </label>
        ) : (
          <p className="font-medium text-muted">{line}</p>
        )}
        {isOpen ? null : (
          <p className="text-sm text-muted">
            {t(`state.${order.state}`, { date: order.withdrawnAt ? formatDateTime(order.withdrawnAt, language) : '' })}
          </p>
        )}
      </div>
    </div>
  );
}
