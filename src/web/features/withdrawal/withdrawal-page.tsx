import { Undo2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { WithdrawalOrder, WithdrawalReceipt, WithdrawalView, WithdrawInput } from '@shared/contracts/withdrawal';
import { WITHDRAWAL_LIMITS } from '@shared/domain/withdrawal';
import { formatDate, formatDateTime, formatPrice } from '@shared/format';
import { PageTitle } from '@web/components/page-title';
import { PublicHeader } from '@web/components/public-header';
import { QueryFallback } from '@web/components/query-fallback';
import { SiteFooter } from '@web/components/site-footer';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { getLanguage } from '@web/lib/language';
import { useText } from '@web/lib/text';

type Fields = 'name' | 'email' | 'orderIds';
const knownErrors = ['purchase_not_found', 'withdrawal_link_invalid', 'withdrawal_link_expired', 'withdrawal_not_open', 'refund_failed', 'rate_limited'];

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
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const [receipt, setReceipt] = useState<WithdrawalReceipt | null>(null);

  const errorText = useCallback((error: unknown) => (error instanceof ApiError && knownErrors.includes(error.code) ? t(`errors.${error.code}`) : t('errors.default')), [t]);

  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    apiRequest<WithdrawalView>(apiPath)
      .then((loaded) => {
        if (!current) return;
        setView(loaded);
        setName((typed) => typed || loaded.name);
        setEmail((typed) => typed || loaded.email);
        const open = loaded.orders.filter((o) => o.state === 'open').map((o) => o.id);
        // A purchase of one gift: that gift is the choice.
        setChosen(new Set(open.length === 1 ? open : []));
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

  async function confirm() {
    if (isSending || !view) return;
    const found: Partial<Record<Fields, string>> = {};
    if (!name.trim()) found.name = 'required';
    if (!email.trim()) found.email = 'required';
    if (chosen.size === 0) found.orderIds = 'required';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const body: WithdrawInput = { name, email, orderIds: [...chosen], locale: getLanguage() === 'en' ? 'en' : 'es' };
      setReceipt(await apiRequest<WithdrawalReceipt>(apiPath, { method: 'POST', body }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.problem.fields) {
        setErrors(error.problem.fields as Partial<Record<Fields, string>>);
      } else {
        setFormError(errorText(error));
      }
    } finally {
      setSending(false);
    }
  }

  const fieldError = (field: Fields) =>
    errors[field] ? (field === 'orderIds' && errors[field] === 'required' ? t('errors.chooseGift') : t(`errors.fields.${errors[field]}`)) : undefined;
  const open = view?.orders.filter((o) => o.state === 'open') ?? [];

  return (
    <>
      <PageTitle parts={[receipt ? t('done.title') : t('metaTitle')]} />
      <PublicHeader />
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-5 py-10 focus:outline-none sm:px-8">
        <div className="flex items-center gap-3">
          <Undo2 aria-hidden="true" className="size-7 text-brand-700" />
          <h1 className="font-display text-3xl font-bold text-brand-800">{receipt ? t('done.title') : t('title')}</h1>
        </div>
        {receipt ? (
          <Card className="flex flex-col gap-3 p-5" data-testid="withdrawal-done" role="status">
            <p>{t('done.when', { date: formatDateTime(receipt.withdrawnAt, language) })}</p>
            <ul className="list-disc pl-5">
              {receipt.orders.map((o) => (
                <li key={o.id}>{t('gifts.line', { gift: o.giftName, business: o.businessName, recipient: o.recipientName, price: formatPrice(o.totalAmount) })}</li>
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
          <form
            noValidate
            aria-labelledby="withdrawal-intro"
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            <p className="text-sm text-muted">{t('purchasedOn', { date: formatDate(view.purchasedAt, language) })}</p>
            <p id="withdrawal-intro">{t('intro', { date: formatDateTime(view.deadline, language) })}</p>
            <fieldset className="flex flex-col gap-2" aria-describedby={errors.orderIds ? 'withdrawal-gifts-error' : undefined}>
              <legend className="mb-2 font-semibold">{t('gifts.legend')}</legend>
              {view.orders.map((order) => (
                <GiftChoice
                  key={order.id}
                  order={order}
                  checked={chosen.has(order.id)}
                  onChange={(checked) =>
                    setChosen((current) => {
                      const next = new Set(current);
                      if (checked) next.add(order.id);
                      else next.delete(order.id);
                      return next;
                    })
                  }
                />
              ))}
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
                  <Input name="name" autoComplete="name" maxLength={WITHDRAWAL_LIMITS.name} value={name} onChange={(event) => setName(event.target.value)} />
                </Field>
                <Field label={t('email.label')} required hint={t('email.hint')} error={fieldError('email')}>
                  <Input name="email" type="email" autoComplete="email" maxLength={WITHDRAWAL_LIMITS.email} value={email} onChange={(event) => setEmail(event.target.value)} />
                </Field>
                {formError ? (
                  <p role="alert" className="rounded-xl bg-danger-50 p-3 text-sm font-medium text-danger-700">
                    {formError}
                  </p>
                ) : null}
                <Button type="submit" size="lg" className="self-start" aria-disabled={isSending || undefined}>
                  {isSending ? <Spinner decorative /> : null}
                  {isSending ? t('confirming') : t('confirm')}
                </Button>
              </>
            )}
          </form>
        )}
      </main>
      <SiteFooter />
    </>
  );
}

function GiftChoice({ order, checked, onChange }: { order: WithdrawalOrder; checked: boolean; onChange: (checked: boolean) => void }) {
  const { t, language } = useText('withdrawal');
  const id = `withdraw-${order.id}`;
  const isOpen = order.state === 'open';
  const line = t('gifts.line', { gift: order.giftName, business: order.businessName, recipient: order.recipientName, price: formatPrice(order.totalAmount) });
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
