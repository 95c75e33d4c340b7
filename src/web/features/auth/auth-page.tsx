import { useEffect, useRef, useState } from 'react';
import { useText } from '../../lib/text';
import { Link, useSearchParams } from 'react-router';
import { Card, CardContent } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AuthRequestError } from '../../lib/auth-client';
import { RETURN_PARAM, useReturnPath } from '../../lib/return-path';
import { AuthShell } from './auth-shell';
import { CheckEmailPanel } from './check-email-panel';
import { GoogleButton } from './google-button';
import { OrDivider } from './or-divider';
import { showAuthError } from './show-auth-error';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { useAuthOptions } from '@web/lib/use-auth-options';
import { readEmailConfirmation } from '@web/lib/email-confirmation';

type Tab = 'signin' | 'signup';

/** /auth — sign in and sign up as two tabs; the tab lives in the URL (?tab=signup). */
export default function AuthPage() {
  const { t } = useText('auth');
  const [params, setParams] = useSearchParams();
  const returnPath = useReturnPath();
  const tab: Tab = params.get('tab') === 'signup' ? 'signup' : 'signin';
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);
  // Kept on screen (not a toast): the person has to read it before signing in.
  const notice = params.get('notice') === 'email_verified' ? 'email_verified' : null;
  // Guest purchases with the address the link has just confirmed: how many, and how to add them.
  const { found } = readEmailConfirmation(params);
  const checkEmailRef = useRef<HTMLDivElement>(null);
  // A server without Google credentials offers no Google button at all: a greyed-out one only
  // advertises what cannot be used. The auth document says which (ADR 044), so nothing moves.
  const google = useAuthOptions()?.google === true;

  // A failed verification or Google link comes back as ?error=CODE: explain it once.
  const error = params.get('error');
  useEffect(() => {
    if (!error) return;
    showAuthError(new AuthRequestError(400, error, error), t);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [error, t, setParams]);

  useEffect(() => {
    // Move focus to the confirmation so screen readers announce the new state.
    if (signedUpEmail) checkEmailRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [signedUpEmail]);

  const changeTab = (value: string) => {
    setSignedUpEmail(null);
    // The page to come back to stays named on either tab.
    const keep: Record<string, string> = returnPath ? { [RETURN_PARAM]: returnPath } : {};
    setParams(value === 'signup' ? { tab: 'signup', ...keep } : keep, { replace: true });
  };

  return (
    <AuthShell title={t('meta.title')}>
      <div className="flex flex-col gap-2 text-center">
        <h1 className="font-display text-3xl font-semibold leading-tight text-ink">{t('page.heading')}</h1>
        <p className="text-muted">{t('page.subheading')}</p>
      </div>
      {notice ? (
        <div role="status" className="flex flex-col gap-1 rounded-2xl border border-olive-600 bg-olive-50 px-4 py-3 text-sm text-olive-800">
          <p>{t('notices.email_verified')}</p>
          {found > 0 ? (
            <p>
              {t('notices.found', { count: found })}{' '}
              <Link to="/purchase" className="font-semibold underline underline-offset-4">
                {t('notices.findLink')}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <Tabs value={tab} onValueChange={changeTab}>
            <TabsList aria-label={t('page.tabsLabel')} className="mx-0 grid grid-cols-2">
              <TabsTrigger value="signin">{t('tabs.signIn')}</TabsTrigger>
              <TabsTrigger value="signup">{t('tabs.signUp')}</TabsTrigger>
            </TabsList>
            <TabsContent value="signin" className="flex flex-col gap-5 pt-2">
              {google ? (
                <>
                  <GoogleButton />
                  <OrDivider />
                </>
              ) : null}
              <SignInForm />
            </TabsContent>
            <TabsContent value="signup" className="flex flex-col gap-5 pt-2">
              {signedUpEmail ? (
                <div ref={checkEmailRef}>
                  <CheckEmailPanel email={signedUpEmail} onUseAnotherEmail={() => setSignedUpEmail(null)} />
                </div>
              ) : (
                <>
                  {google ? (
                    <>
                      <GoogleButton />
                      <OrDivider />
                    </>
                  ) : null}
                  <SignUpForm onSignedUp={setSignedUpEmail} />
                </>
              )}
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <p className="text-center text-sm text-muted">
        {t('page.businessPrompt')}{' '}
        <Link to="/business/signup" className="font-semibold text-brand-700 underline underline-offset-4">
          {t('page.businessLink')}
        </Link>
      </p>
    </AuthShell>
  );
}
