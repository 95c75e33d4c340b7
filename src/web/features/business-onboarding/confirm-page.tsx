import { CheckCircle2, Clock, LogIn, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useText } from '@web/lib/text';
import { Link, useSearchParams } from 'react-router';
import { confirmationTypes, type ConfirmationType, type ConfirmTokenResult } from '@shared/contracts/business-onboarding';
import { Button } from '@web/components/ui/button';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { getLanguage } from '@web/lib/language';
import { refreshSession, useSession } from '@web/lib/session';
import { confirmToken, resendConfirmation } from './api';
import { LinkPasswordForm, type LinkRefusal } from './link-password-form';
import { OnboardingShell, StatusPanel } from './onboarding-shell';

/**
 * `password`: a live link of an account nobody has confirmed; setting the password uses it
 * (ADR 081), wherever it is opened. `alreadyUsed`: the link was used before (or the address
 * was confirmed another way) and this browser has no session: the person signs in to carry
 * on, so saying "Email confirmed! Continue" would bounce them.
 */
type ConfirmState = 'loading' | 'password' | 'success' | 'alreadyUsed' | 'error' | 'expired';

/** One request per token for the life of the page: React's StrictMode runs effects twice. */
const requests = new Map<string, Promise<ConfirmTokenResult>>();

function confirmOnce(token: string, type: ConfirmationType) {
  let request = requests.get(token);
  if (!request) {
    request = confirmToken({ token, type });
    requests.set(token, request);
  }
  return request;
}

function parseType(value: string | null): ConfirmationType {
  return (confirmationTypes as readonly string[]).includes(value ?? '') ? (value as ConfirmationType) : 'business';
}

export default function ConfirmPage() {
  const { t } = useText('business');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const type = parseType(params.get('type'));
  // No token: nothing to ask the server, the link is broken.
  const [result, setResult] = useState<'pending' | 'password' | 'confirmedBefore' | LinkRefusal>(token ? 'pending' : 'error');
  // The address, named only to the browser that filled the interest form.
  const [linkEmail, setLinkEmail] = useState<string | null>(null);
  const session = useSession();

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    confirmOnce(token, type).then(
      async (opened) => {
        if (opened.status === 'passwordRequired') {
          if (!isCurrent) return;
          setLinkEmail(opened.email);
          setResult('password');
          return;
        }
        await refreshSession();
        if (isCurrent) setResult('confirmedBefore');
      },
      (error: unknown) => {
        if (!isCurrent) return;
        setResult(error instanceof ApiError && error.code === 'token_expired' ? 'expired' : 'error');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [token, type]);

  const state: ConfirmState =
    result === 'pending' || (result === 'confirmedBefore' && session.status === 'loading')
      ? 'loading'
      : result === 'confirmedBefore'
        ? session.status === 'authenticated'
          ? 'success'
          : 'alreadyUsed'
        : result;

  const isBusiness = type === 'business';
  const tryAgain = (
    <Link to={isBusiness ? '/business/interest' : '/'} className={buttonVariants({ variant: 'outline' })}>
      {t('common.tryAgain')}
    </Link>
  );

  return (
    <OnboardingShell title={t('confirm.metaTitle')}>
      {state === 'loading' ? (
        <div role="status" className="flex flex-col items-center gap-3 py-10 text-muted">
          <Spinner decorative className="size-8" />
          <p>{t('confirm.loading')}</p>
        </div>
      ) : null}
      {state === 'password' ? <LinkPasswordForm token={token} email={linkEmail} onLinkRefused={setResult} /> : null}
      {state === 'success' ? (
        <StatusPanel
          icon={<CheckCircle2 className="size-7" aria-hidden="true" />}
          title={t('confirm.successTitle')}
          actions={
            <Link to={isBusiness ? '/business/signup' : '/auth'} className={buttonVariants({ size: 'lg' })}>
              {isBusiness ? t('confirm.continueBusiness') : t('confirm.continueAuth')}
            </Link>
          }
        >
          <p>{t('confirm.successBody')}</p>
        </StatusPanel>
      ) : null}
      {state === 'alreadyUsed' ? (
        <StatusPanel
          icon={<CheckCircle2 className="size-7" aria-hidden="true" />}
          title={t('confirm.alreadyUsedTitle')}
          actions={
            <Link to="/auth" className={buttonVariants({ size: 'lg' })}>
              <LogIn aria-hidden="true" />
              {t('confirm.signInToContinue')}
            </Link>
          }
        >
          <p>{isBusiness ? t('confirm.alreadyUsedBusiness') : t('confirm.alreadyUsedBody')}</p>
        </StatusPanel>
      ) : null}
      {state === 'error' ? (
        <StatusPanel tone="danger" icon={<XCircle className="size-7" aria-hidden="true" />} title={t('confirm.errorTitle')} actions={tryAgain}>
          <p>{t('confirm.errorBody')}</p>
        </StatusPanel>
      ) : null}
      {state === 'expired' ? (
        <StatusPanel
          tone="warning"
          icon={<Clock className="size-7" aria-hidden="true" />}
          title={t('confirm.expiredTitle')}
          actions={
            <>
              <ResendButton token={token} />
              {tryAgain}
            </>
          }
        >
          <p>{t('confirm.expiredBody')}</p>
        </StatusPanel>
      ) : null}
    </OnboardingShell>
  );
}

function ResendButton({ token }: { token: string }) {
  const { t } = useText('business');
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');

  const resend = async () => {
    setStatus('sending');
    try {
      await resendConfirmation({ token, locale: getLanguage() });
      setStatus('sent');
      toast.success(t('confirm.resent'));
    } catch {
      setStatus('idle');
      toast.error(t('common.errorTitle'), { description: t('confirm.resendFailed') });
    }
  };

  if (status === 'sent') {
    return (
      <p role="status" className="w-full font-medium text-olive-700">
        {t('confirm.resent')}
      </p>
    );
  }
  return (
    <Button disabled={status === 'sending'} aria-busy={status === 'sending' || undefined} onClick={() => void resend()}>
      {status === 'sending' ? <Spinner decorative className="text-white" /> : null}
      {status === 'sending' ? t('confirm.resending') : t('confirm.resend')}
    </Button>
  );
}
