import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useText } from '@web/lib/text';
import { Link, Navigate } from 'react-router';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { confirmSession } from './api';
import { OnboardingShell, StatusPanel } from './onboarding-shell';
import { createOnboardingQueryClient, onboardingKeys } from './query-client';

export default function BusinessConfirmPage() {
  const [client] = useState(createOnboardingQueryClient);
  return (
    <QueryClientProvider client={client}>
      <BusinessConfirm />
    </QueryClientProvider>
  );
}

function BusinessConfirm() {
  const { t } = useText('business');
  const query = useQuery({ queryKey: onboardingKeys.confirmSession, queryFn: confirmSession });

  if (query.error instanceof ApiError && query.error.status === 401) return <Navigate to="/business/interest" replace />;
  if (query.data?.hasBusiness) return <Navigate to="/business/dashboard" replace />;

  return (
    <OnboardingShell title={t('businessConfirm.metaTitle')}>
      {query.isPending ? (
        <div role="status" className="flex flex-col items-center gap-3 py-10 text-muted">
          <Spinner decorative className="size-8" />
          <p>{t('businessConfirm.verifying')}</p>
        </div>
      ) : null}
      {query.isError ? (
        <StatusPanel
          tone="danger"
          icon={<XCircle className="size-7" aria-hidden="true" />}
          title={t('confirm.errorTitle')}
          actions={
            <Link to="/business/interest" className={buttonVariants({ variant: 'outline' })}>
              {t('common.tryAgain')}
            </Link>
          }
        >
          <p>{t('confirm.errorBody')}</p>
        </StatusPanel>
      ) : null}
      {query.data ? (
        <StatusPanel
          icon={<CheckCircle2 className="size-7" aria-hidden="true" />}
          title={t('businessConfirm.title')}
          actions={
            <Link to="/business/signup" className={buttonVariants({ size: 'lg' })}>
              {t('businessConfirm.continue')}
            </Link>
          }
        >
          <p>{t('businessConfirm.body')}</p>
          <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-sand-100 p-4 text-left text-sm">
            <dt className="font-semibold">{t('businessConfirm.businessName')}</dt>
            <dd className="break-words">{query.data.businessName ?? '—'}</dd>
            <dt className="font-semibold">{t('businessConfirm.email')}</dt>
            <dd className="break-all">{query.data.email}</dd>
          </dl>
        </StatusPanel>
      ) : null}
    </OnboardingShell>
  );
}
