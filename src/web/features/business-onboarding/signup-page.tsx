import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useText } from '@web/lib/text';
import { Link, Navigate } from 'react-router';
import { Button } from '@web/components/ui/button';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { confirmSession, getSignupDraft } from './api';
import { OnboardingShell, StatusPanel } from './onboarding-shell';
import { createOnboardingQueryClient, onboardingKeys } from './query-client';
import { Wizard } from './wizard';

export default function BusinessSignupPage() {
  const [client] = useState(createOnboardingQueryClient);
  return (
    <QueryClientProvider client={client}>
      <BusinessSignup />
    </QueryClientProvider>
  );
}

function BusinessSignup() {
  const { t } = useText('business');
  const account = useQuery({ queryKey: onboardingKeys.confirmSession, queryFn: confirmSession });
  // Step 1 as the owner left it, kept with the account (ADR 066); without it the wizard starts blank.
  const draft = useQuery({
    queryKey: onboardingKeys.signupDraft,
    queryFn: ({ signal }) => getSignupDraft(signal),
    enabled: account.data?.hasBusiness === false,
    retry: false,
  });
  const [isAuthFailed, setAuthFailed] = useState(false);

  const error = account.error;
  if (isAuthFailed || (error instanceof ApiError && (error.status === 401 || error.status === 403))) {
    return (
      <OnboardingShell title={t('signup.authFailedTitle')}>
        <StatusPanel
          tone="danger"
          icon={<ShieldAlert className="size-7" aria-hidden="true" />}
          title={t('signup.authFailedTitle')}
          actions={
            <>
              <Link to="/auth" className={buttonVariants({})}>
                {t('signup.signIn')}
              </Link>
              <Link to="/business/interest" className={buttonVariants({ variant: 'outline' })}>
                {t('signup.restart')}
              </Link>
            </>
          }
        >
          <p>{t('signup.authFailedBody')}</p>
        </StatusPanel>
      </OnboardingShell>
    );
  }
  if (account.data?.hasBusiness) return <Navigate to="/business/dashboard" replace />;

  return (
    <OnboardingShell title={t('signup.metaTitle')} wide>
      {account.data && !draft.isPending ? (
        <Wizard
          businessName={account.data.businessName ?? ''}
          email={account.data.email}
          draft={draft.data?.draft ?? null}
          onAuthFailed={() => setAuthFailed(true)}
        />
      ) : account.isError ? (
        <StatusPanel
          tone="danger"
          icon={<ShieldAlert className="size-7" aria-hidden="true" />}
          title={t('common.errorTitle')}
          actions={
            <Button variant="outline" onClick={() => void account.refetch()}>
              {t('common.tryAgain')}
            </Button>
          }
        >
          <p>{t('signup.errors.registrationError')}</p>
        </StatusPanel>
      ) : (
        <div role="status" className="flex flex-col items-center gap-3 py-10 text-muted">
          <Spinner decorative className="size-8" />
          <p>{t('common.loading')}</p>
        </div>
      )}
    </OnboardingShell>
  );
}
