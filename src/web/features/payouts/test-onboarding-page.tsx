import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FlaskConical } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '@web/components/page-title';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { apiRequest } from '@web/lib/api-client';
import { createAppQueryClient } from '@web/lib/query-client';
import { useText } from '@web/lib/text';

const payoutsContract = () => import('@shared/contracts/payouts');
const PAYOUTS_TAB = '/business/dashboard?tab=payouts';

type Outcome = 'complete' | 'incomplete';

/**
 * The test provider's stand-in for Stripe's hosted onboarding (PAYMENTS_PROVIDER=test, ADR
 * 053): the owner decides whether onboarding completes. Unmistakably a test: nothing is asked
 * for and no money will move. Either button leads back to the dashboard's Payouts tab, as
 * Stripe's return URL does.
 */
export default function TestOnboardingPage() {
  const [queryClient] = useState(() => createAppQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <TestOnboarding />
    </QueryClientProvider>
  );
}

function TestOnboarding() {
  const { t } = useText('dashboard');
  const navigate = useNavigate();
  const account = useSearchParams()[0].get('account') ?? '';
  const state = useQuery({
    queryKey: ['payout-account'],
    queryFn: () => apiRequest('/api/business/payout-account', { contract: () => payoutsContract().then((m) => m.payoutAccountSchema) }),
  });
  const finish = useMutation({
    mutationFn: (outcome: Outcome) =>
      apiRequest(`/api/payouts/test/onboarding/${outcome}`, { method: 'POST', body: {}, contract: () => payoutsContract().then((m) => m.payoutAccountSchema) }),
    onSuccess: () => navigate(PAYOUTS_TAB),
  });
  const act = (outcome: Outcome) => {
    if (!finish.isPending) finish.mutate(outcome);
  };

  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 p-4">
      <div
        role="note"
        className="flex items-start gap-3 rounded-2xl border-2 border-dashed border-saffron-800 bg-saffron-100 p-4 text-saffron-800"
        data-testid="test-onboarding-banner"
      >
        <FlaskConical aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
        <div>
          <p className="font-bold uppercase tracking-wide">{t('payoutsTest.badge')}</p>
          <p>{t('payoutsTest.banner')}</p>
        </div>
      </div>
      <PageTitle parts={[t('payoutsTest.title')]} />
      <h1 className="font-display text-2xl font-bold text-brand-800 sm:text-3xl">{t('payoutsTest.title')}</h1>
      <Card className="flex flex-col gap-3 p-4 sm:p-5">
        <p>{t('payoutsTest.intro')}</p>
        {account ? (
          <p className="text-sm text-ink-600">
            {t('payoutsTest.account')} <code data-testid="test-onboarding-account">{account}</code>
          </p>
        ) : null}
        {state.data ? <p className="text-sm">{t(`payoutsTest.status.${state.data.status}`)}</p> : null}
        {finish.isError ? (
          <p role="alert" className="rounded-xl bg-danger-50 p-3 text-sm font-medium text-danger-700">
            {t('payoutsTest.failed')}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 pt-2">
          <Button size="lg" onClick={() => act('complete')} aria-disabled={finish.isPending || undefined}>
            {finish.isPending && finish.variables === 'complete' ? <Spinner decorative /> : null}
            {t('payoutsTest.complete')}
          </Button>
          <Button variant="outline" onClick={() => act('incomplete')} aria-disabled={finish.isPending || undefined}>
            {finish.isPending && finish.variables === 'incomplete' ? <Spinner decorative /> : null}
            {t('payoutsTest.incomplete')}
          </Button>
        </div>
      </Card>
    </main>
  );
}
