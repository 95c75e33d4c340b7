import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDateTime } from '@shared/format';
import { useText } from '@web/lib/text';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '@web/components/page-title';
import { QueryFallback } from '@web/components/query-fallback';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useCart } from '@web/lib/use-cart';
import { useCheckout } from './api';
import { CheckoutLinesList } from './checkout-lines-list';
import { CheckoutShell, useErrorText } from './checkout-shell';
import { pollDelay as defaultPollDelay } from './poll-delay';

/** After this many answers still `pending`, say that it is taking longer than usual. */
const SLOW_AFTER_ANSWERS = 5;

export default function CheckoutReturnPage() {
  return (
    <CheckoutShell>
      <CheckoutResult />
    </CheckoutShell>
  );
}

/**
 * Where the payer lands after paying (or not). Stripe confirms through a webhook that may
 * arrive after the browser does, so a pending checkout is asked again with a growing wait.
 * Only a confirmed payment empties the cart.
 */
export function CheckoutResult({ pollDelay = defaultPollDelay }: { pollDelay?: (attempt: number) => number }) {
  const { t, language } = useText('checkout');
  const errorText = useErrorText();
  const id = useParams().id ?? '';
  // Stripe sends a payer who cancelled back here while its session is still open (pending);
  // the test page's "cancel" closes its checkout (expired) and comes here the same way.
  const cameCancelled = useSearchParams()[0].get('payment') === 'cancelled';
  const query = useCheckout(id, { poll: !cameCancelled, pollDelay });
  const { clearIfPaid } = useCart();
  const checkout = query.data;
  const status = checkout?.status;
  const isCancelled = cameCancelled && (status === 'pending' || status === 'expired');

  useEffect(() => {
    if (status === 'succeeded') clearIfPaid(id);
  }, [status, id, clearIfPaid]);

  // Every answer (even an unchanged `pending`) moves dataUpdatedAt: count them.
  const [answers, setAnswers] = useState({ at: 0, count: 0 });
  if (query.dataUpdatedAt !== answers.at) setAnswers({ at: query.dataUpdatedAt, count: answers.count + 1 });

  // Nothing is "on its way" when the giver hands every gift over (ADR 103).
  const succeededKey = checkout?.lines.every((line) => line.handover === 'in_person') ? 'result.readyTitle' : 'result.succeededTitle';
  const title = !checkout
    ? t('title')
    : isCancelled
      ? t('result.cancelledTitle')
      : checkout.status === 'pending'
        ? checkout.awaitingBank
          ? t('result.awaitingBankTitle')
          : t('result.pendingTitle')
        : checkout.status === 'succeeded'
          ? t(succeededKey, { count: checkout.lines.length })
          : checkout.status === 'expired'
            ? t('result.expiredTitle')
            : t('result.failedTitle');
  const pageTitle = <PageTitle parts={checkout ? [title, t('title')] : [title]} />;

  if (!checkout) {
    return (
      <>
        {pageTitle}
        <QueryFallback
          error={query.isError ? errorText(query.error) : null}
          onRetry={() => void query.refetch()}
          retryLabel={t('retry')}
          loadingLabel={t('loading')}
          size="lg"
        />
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4">
      {pageTitle}
      {isCancelled ? (
        <Card className="flex flex-col items-center gap-3 p-6 text-center" role="status" data-testid="checkout-not-paid">
          <XCircle aria-hidden="true" className="size-12 text-danger-600" />
          <h1 className="font-display text-2xl font-semibold">{t('result.cancelledTitle')}</h1>
          <p>{t('result.notPaidLead')}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link to="/checkout">{t('result.tryAgain')}</Link>
            </Button>
            {checkout.paymentUrl ? (
              <Button asChild variant="outline">
                <a href={checkout.paymentUrl}>{t('result.backToPayment')}</a>
              </Button>
            ) : null}
          </div>
        </Card>
      ) : checkout.status === 'pending' ? (
        <Card className="flex flex-col items-center gap-3 p-6 text-center" role="status" data-testid="checkout-pending">
          <Spinner decorative className="size-8" />
          <h1 className="font-display text-2xl font-semibold">{title}</h1>
          <p className="text-muted">
            {/* Bizum waits for the payer's bank (ADR 106): not "slow", just not confirmed yet. */}
            {checkout.awaitingBank ? t('result.awaitingBankLead') : answers.count >= SLOW_AFTER_ANSWERS ? t('result.pendingSlow') : t('result.pendingLead')}
          </p>
          {/* Stripe's page has nothing more to do once Bizum is authorised; the test page has the bank's buttons. */}
          {checkout.paymentUrl && !(checkout.awaitingBank && checkout.provider === 'stripe') ? (
            <a href={checkout.paymentUrl} className="font-semibold text-brand-800 underline underline-offset-4">
              {t('result.backToPayment')}
            </a>
          ) : null}
        </Card>
      ) : checkout.status === 'succeeded' ? (
        <>
          <div className="flex flex-col items-center gap-2 text-center" role="status">
            <CheckCircle2 aria-hidden="true" className="size-12 text-olive-700" />
            <h1 className="font-display text-2xl font-bold text-brand-800 sm:text-3xl">{t(succeededKey, { count: checkout.lines.length })}</h1>
            <p className="text-muted">{t('result.succeededLead', { count: checkout.lines.length })}</p>
            {checkout.paymentMethod ? (
              <p className="font-semibold" data-testid="paid-with">
                {t(`result.paidWith.${checkout.paymentMethod}`)}
              </p>
            ) : null}
          </div>
          <Card className="p-4 sm:p-5">
            <CheckoutLinesList lines={checkout.lines} showDelivery />
            {checkout.lines.some((line) => line.handover === 'in_person') ? (
              <p className="mt-2 text-sm text-muted" data-testid="in-person-later">
                {checkout.purchasePath ? t('inPerson.laterGuest') : t('inPerson.later')}
              </p>
            ) : null}
          </Card>
          {checkout.purchasePath ? (
            // A guest (ADR 075): no "My orders", but the purchase's own page, also in the receipt.
            <>
              <p className="text-center" data-testid="guest-purchase-note">
                {t('result.guestLead', { count: checkout.lines.length })}
              </p>
              <Button asChild size="lg">
                <Link to={checkout.purchasePath}>{t('result.seePurchase')}</Link>
              </Button>
            </>
          ) : (
            <Button asChild size="lg">
              <Link to="/app?tab=orders">{t('result.myOrders')}</Link>
            </Button>
          )}
          {checkout.withdrawUntil && checkout.withdrawPath ? (
            <Card className="flex flex-col items-start gap-2 p-4 text-sm" data-testid="withdrawal-offer">
              <p>{t('result.withdrawUntil', { date: formatDateTime(checkout.withdrawUntil, language) })}</p>
              <Link to={checkout.withdrawPath} className="font-semibold text-brand-800 underline underline-offset-4">
                {t('result.withdrawLink')}
              </Link>
            </Card>
          ) : null}
        </>
      ) : (
        <Card className="flex flex-col items-center gap-3 p-6 text-center" role="status" data-testid="checkout-not-paid">
          <XCircle aria-hidden="true" className="size-12 text-danger-600" />
          <h1 className="font-display text-2xl font-semibold">
            {checkout.status === 'expired' ? t('result.expiredTitle') : t('result.failedTitle')}
          </h1>
          <p>{t('result.notPaidLead')}</p>
          <Button asChild>
            <Link to="/checkout">{t('result.tryAgain')}</Link>
          </Button>
        </Card>
      )}
    </div>
  );
}
