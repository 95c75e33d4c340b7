import { FlaskConical } from 'lucide-react';
import { useText } from '@web/lib/text';
import { Link, useNavigate, useParams } from 'react-router';
import { formatPrice } from '@shared/format';
import { PageTitle } from '@web/components/page-title';
import { QueryFallback } from '@web/components/query-fallback';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useCheckout, useTestPayment, type TestPaymentAction } from './api';
import { CheckoutLinesList } from './checkout-lines-list';
import { CheckoutShell, useErrorText } from './checkout-shell';

/**
 * The test provider's payment page (PAYMENTS_PROVIDER=test): the payer decides the outcome.
 * Unmistakably a test: nothing here asks for a card and no money moves.
 */
export default function TestPaymentPage() {
  return (
    <CheckoutShell>
      <TestPayment />
    </CheckoutShell>
  );
}

function TestPayment() {
  const { t } = useText('checkout');
  const errorText = useErrorText();
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const query = useCheckout(id);
  const payment = useTestPayment(id);
  const checkout = query.data;
  const resultPath = `/checkout/${encodeURIComponent(id)}`;

  const act = (action: TestPaymentAction) => {
    if (payment.isPending) return;
    // A cancel lands where Stripe's cancel_url lands, so the page says "cancelled", not "expired".
    payment.mutate(action, { onSuccess: () => navigate(action.outcome === 'cancel' ? `${resultPath}?payment=cancelled` : resultPath) });
  };
  const busy = (outcome: TestPaymentAction['outcome'], method: TestPaymentAction['method']) =>
    payment.isPending && payment.variables?.outcome === outcome && payment.variables.method === method ? <Spinner decorative /> : null;
  const disabled = payment.isPending || undefined;

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4">
      <div
        role="note"
        className="flex items-start gap-3 rounded-2xl border-2 border-dashed border-saffron-800 bg-saffron-100 p-4 text-saffron-800"
        data-testid="test-payment-banner"
      >
        <FlaskConical aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
        <div>
          <p className="font-bold uppercase tracking-wide">{t('pay.badge')}</p>
          <p>{t('pay.banner')}</p>
        </div>
      </div>
      <PageTitle parts={[t('pay.title'), t('title')]} />
      <h1 className="font-display text-2xl font-bold text-brand-800 sm:text-3xl">{t('pay.title')}</h1>
      {checkout ? (
        <Card className="flex flex-col gap-3 p-4 sm:p-5">
          <p className="flex items-baseline justify-between text-lg">
            <span>{t('pay.amount')}</span>
            <strong data-testid="pay-amount">{formatPrice(checkout.totalAmount)}</strong>
          </p>
          <CheckoutLinesList lines={checkout.lines} />
          {checkout.provider !== 'test' ? (
            <p role="alert" className="rounded-xl bg-danger-50 p-3 text-sm font-medium text-danger-700">
              {t('pay.notTest')}
            </p>
          ) : checkout.status !== 'pending' ? (
            <div className="flex flex-col items-start gap-3">
              <p>{t('pay.notPending')}</p>
              <Button asChild>
                <Link to={resultPath}>{t('pay.seeResult')}</Link>
              </Button>
            </div>
          ) : (
            <>
              {payment.isError ? (
                <p role="alert" className="rounded-xl bg-danger-50 p-3 text-sm font-medium text-danger-700">
                  {errorText(payment.error)}
                </p>
              ) : null}
              {checkout.awaitingBank ? (
                // "Bizum (test)" left waiting: the bank's answer, as Stripe's async events bring it.
                <div role="group" aria-labelledby="test-bank" className="flex flex-col gap-2 pt-2" data-testid="test-bank">
                  <p id="test-bank">{t('pay.awaitingBank')}</p>
                  <Button size="lg" onClick={() => act({ outcome: 'succeed', method: 'bizum' })} aria-disabled={disabled}>
                    {busy('succeed', 'bizum')}
                    {t('pay.bankConfirms', { total: formatPrice(checkout.totalAmount) })}
                  </Button>
                  <Button variant="outline" onClick={() => act({ outcome: 'fail', method: 'bizum' })} aria-disabled={disabled}>
                    {t('pay.bankRefuses')}
                  </Button>
                </div>
              ) : (
                <>
                  <fieldset className="flex flex-col gap-2 pt-2">
                    <legend className="mb-2 font-semibold">{t('pay.cardLegend')}</legend>
                    <Button size="lg" onClick={() => act({ outcome: 'succeed', method: 'card' })} aria-disabled={disabled}>
                      {busy('succeed', 'card')}
                      {t('pay.succeed', { total: formatPrice(checkout.totalAmount) })}
                    </Button>
                    <Button variant="outline" onClick={() => act({ outcome: 'fail', method: 'card' })} aria-disabled={disabled}>
                      {t('pay.fail')}
                    </Button>
                  </fieldset>
                  <fieldset className="flex flex-col gap-2 pt-2" data-testid="test-bizum">
                    <legend className="mb-2 font-semibold">{t('pay.bizumLegend')}</legend>
                    <Button size="lg" variant="secondary" onClick={() => act({ outcome: 'succeed', method: 'bizum' })} aria-disabled={disabled}>
                      {busy('succeed', 'bizum')}
                      {t('pay.bizumSucceed', { total: formatPrice(checkout.totalAmount) })}
                    </Button>
                    <Button variant="outline" onClick={() => act({ outcome: 'pending', method: 'bizum' })} aria-disabled={disabled}>
                      {busy('pending', 'bizum')}
                      {t('pay.bizumPending')}
                    </Button>
                    <Button variant="outline" onClick={() => act({ outcome: 'fail', method: 'bizum' })} aria-disabled={disabled}>
                      {t('pay.bizumFail')}
                    </Button>
                  </fieldset>
                  <Button variant="ghost" onClick={() => act({ outcome: 'cancel', method: 'card' })} aria-disabled={disabled}>
                    {t('pay.cancel')}
                  </Button>
                </>
              )}
            </>
          )}
        </Card>
      ) : (
        <QueryFallback
          error={query.isError ? errorText(query.error) : null}
          onRetry={() => void query.refetch()}
          retryLabel={t('retry')}
          loadingLabel={t('loading')}
        />
      )}
    </div>
  );
}
