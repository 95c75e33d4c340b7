import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Clock, LogOut, Store } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { businessRegistrationStatusSchema } from '@shared/contracts/business-onboarding';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { OnboardingShell, StatusPanel } from './onboarding-shell';
import { createOnboardingQueryClient, onboardingKeys } from './query-client';

/*
 * PLACEHOLDER for /business/dashboard until the dashboard issue builds the real one: it only
 * shows the business the owner just registered and its verification status.
 */
async function fetchOwnBusiness(signal: AbortSignal) {
  try {
    return await apiRequest('/api/business/registration', { schema: businessRegistrationStatusSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'business_not_found') return null;
    throw error;
  }
}

const knownStatuses = ['pending', 'approved', 'rejected'] as const;

export default function DashboardPlaceholderPage() {
  const [client] = useState(createOnboardingQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Dashboard />
    </QueryClientProvider>
  );
}

function Dashboard() {
  const { t } = useTranslation('business');
  const { signOut } = useSession();
  const query = useQuery({
    queryKey: onboardingKeys.business,
    queryFn: ({ signal }) => fetchOwnBusiness(signal),
  });
  const hasNoBusiness = query.data === null;
  const status = (knownStatuses as readonly string[]).includes(query.data?.verificationStatus ?? '')
    ? (query.data!.verificationStatus as (typeof knownStatuses)[number])
    : 'unknown';

  return (
    <OnboardingShell title={query.data?.name ?? t('dashboard.metaTitle')}>
      {query.isPending ? (
        <div role="status" className="flex flex-col items-center gap-3 py-10 text-muted">
          <Spinner decorative className="size-8" />
          <p>{t('common.loading')}</p>
        </div>
      ) : null}
      {hasNoBusiness ? (
        <StatusPanel
          icon={<Store className="size-7" aria-hidden="true" />}
          title={t('dashboard.noBusiness')}
          actions={
            <>
              <Link to="/business/signup" className={buttonVariants({})}>
                {t('dashboard.createBusiness')}
              </Link>
              <Link to="/" className={buttonVariants({ variant: 'outline' })}>
                {t('common.backHome')}
              </Link>
            </>
          }
        />
      ) : query.isError ? (
        <StatusPanel tone="danger" icon={<Store className="size-7" aria-hidden="true" />} title={t('common.errorTitle')}>
          <p>{t('signup.errors.registrationError')}</p>
        </StatusPanel>
      ) : null}
      {query.data ? (
        <section aria-labelledby="dashboard-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-5 shadow-soft sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t('dashboard.title')}</p>
              <h1 id="dashboard-title" className="font-display text-2xl font-semibold break-words">
                {query.data.name}
              </h1>
            </div>
            <Button variant="ghost" size="sm" onClick={() => void signOut()}>
              <LogOut aria-hidden="true" />
              {t('dashboard.signOut')}
            </Button>
          </div>
          <div className="flex flex-col gap-2 rounded-xl bg-sand-100 p-4">
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              <Clock className="size-5 text-saffron-800" aria-hidden="true" />
              {t('dashboard.status')}:{' '}
              <Badge data-testid="verification-status">{t(`dashboard.statuses.${status}`)}</Badge>
            </p>
            {status === 'pending' ? <p className="text-sm text-muted">{t('dashboard.pendingHint')}</p> : null}
          </div>
        </section>
      ) : null}
    </OnboardingShell>
  );
}
