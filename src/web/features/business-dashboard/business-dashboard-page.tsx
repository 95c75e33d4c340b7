import { QueryClientProvider } from '@tanstack/react-query';
import { BarChart3, Gift, Info, Landmark, Package, ScanLine, ShieldCheck, Store } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { getLanguage } from '@web/lib/language';
import { loadText, useText } from '@web/lib/text';
import { Link, useSearchParams } from 'react-router';
import type { DashboardBusiness } from '@shared/contracts/business-dashboard';
import { AreaHeader } from '@web/components/area-header';
import { LanguageMenu } from '@web/components/language-menu';
import { PageTitle } from '@web/components/page-title';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useOwnBusiness } from './api';
import { apiErrorMessage, reportApiError } from './api-error';
import { registerServiceWorker } from './register-service-worker';
import { createAppQueryClient } from '@web/lib/query-client';
import { dashboardTabs, isTabEnabled, parseTab, type DashboardTab } from './tabs';
import { QueryFallback } from '@web/components/query-fallback';
import { SignOutButton } from '@web/components/sign-out-button';
import { AreaLinks } from '@web/components/area-links';

export default function BusinessDashboardPage() {
  const [queryClient] = useState(() => createAppQueryClient(reportApiError));
  useEffect(() => registerServiceWorker(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <Dashboard />
    </QueryClientProvider>
  );
}

const tabIcons = {
  verification: ShieldCheck,
  profile: Store,
  gifts: Gift,
  orders: Package,
  redeem: ScanLine,
  analytics: BarChart3,
  payouts: Landmark,
} as const;

// One chunk per tab: a visit downloads the open tab's code (its dialogs, forms, the QR
// scanner, the chart) only; the others load when chosen (ADR 046).
const tabModules = {
  verification: () => import('./verification-tab'),
  profile: () => import('./profile-tab'),
  gifts: () => import('./gifts-tab'),
  orders: () => import('./orders-tab'),
  redeem: () => import('./redeem/redeem-tab'),
  analytics: () => import('./analytics-tab'),
  payouts: () => import('./payouts/payouts-tab'),
} as const;
const VerificationTab = lazy(() => tabModules.verification().then((m) => ({ default: m.VerificationTab })));
// Only an owner with a pending commission proposal loads it (ADR 065).
const CommissionProposalCard = lazy(() => import('./commission-proposal-card').then((m) => ({ default: m.CommissionProposalCard })));
const ProfileTab = lazy(() => tabModules.profile().then((m) => ({ default: m.ProfileTab })));
const GiftsTab = lazy(() => tabModules.gifts().then((m) => ({ default: m.GiftsTab })));
const OrdersTab = lazy(() => tabModules.orders().then((m) => ({ default: m.OrdersTab })));
const RedeemTab = lazy(() => tabModules.redeem().then((m) => ({ default: m.RedeemTab })));
const AnalyticsTab = lazy(() => tabModules.analytics().then((m) => ({ default: m.AnalyticsTab })));
const PayoutsTab = lazy(() => tabModules.payouts().then((m) => ({ default: m.PayoutsTab })));
// The tab the address names starts downloading with this chunk, alongside the texts, rather
// than after the business has loaded (a tab this business may not open yet costs one request).
if (typeof window !== 'undefined') {
  const requested = new URLSearchParams(window.location.search).get('tab');
  const tab = dashboardTabs.includes(requested as DashboardTab) ? (requested as DashboardTab) : 'verification';
  void tabModules[tab]();
  if (tab === 'redeem') void loadText(getLanguage(), ['redeem']).catch(() => undefined);
  if (tab === 'payouts') void loadText(getLanguage(), ['payouts']).catch(() => undefined);
}

/** The spinner the tabs show while their data loads, while the tab's own code loads. */
function TabLoading({ children }: { children: ReactNode }) {
  const { t } = useText('dashboard');
  const fallback = <QueryFallback error={null} onRetry={() => undefined} retryLabel={t('common.retry')} loadingLabel={t('common.loading')} />;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

function Dashboard() {
  const { t } = useText('dashboard');
  const { t: common } = useText('common');
  const query = useOwnBusiness();
  const business = query.data;

  return (
    <div className="min-h-dvh pb-16">
      {/* While loading or without a business; BusinessArea names the open tab instead. */}
      {business ? null : <PageTitle parts={[common('titles.business')]} />}
      <AreaHeader area="business">
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <AreaLinks current="business" />
          <LanguageMenu />
          <SignOutButton label={t('header.signOut')} />
        </div>
      </AreaHeader>
      <main id="main" className="mx-auto flex max-w-5xl flex-col gap-5 px-4 py-6">
        {business ? (
          <BusinessArea business={business} />
        ) : business === null ? (
          <NoBusinessCard />
        ) : (
          <QueryFallback
            error={query.isError ? apiErrorMessage(query.error) : null}
            onRetry={() => void query.refetch()}
            retryLabel={t('common.retry')}
            loadingLabel={t('common.loading')}
            size="lg"
          />
        )}
      </main>
    </div>
  );
}

function NoBusinessCard() {
  const { t } = useText('dashboard');
  return (
    <Card className="mx-auto w-full max-w-lg text-center">
      <CardHeader className="items-center">
        <Store aria-hidden="true" className="size-10 text-brand-500" />
        <h1 className="font-display text-2xl font-semibold leading-tight">{t('noBusiness.title')}</h1>
        <CardDescription>{t('noBusiness.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/business/signup" className={buttonVariants({})}>
          {t('noBusiness.create')}
        </Link>
        <a href="/" className={buttonVariants({ variant: 'outline' })}>
          {t('noBusiness.home')}
        </a>
      </CardContent>
    </Card>
  );
}

function BusinessArea({ business }: { business: DashboardBusiness }) {
  const { t } = useText('dashboard');
  const { t: common } = useText('common');
  const [params, setParams] = useSearchParams();
  const hintId = useId();
  const tab = parseTab(params.get('tab'), business);
  const tabListRef = useRef<HTMLDivElement>(null);

  // On a phone the tab list scrolls sideways: keep the open tab in sight (e.g. ?tab=orders).
  useEffect(() => {
    tabListRef.current
      ?.querySelector('[data-state="active"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  const goTo = (next: DashboardTab) => {
    const target = new URLSearchParams({ tab: next });
    // Radix reports a click on a tab twice (pointer down, then focus) before React renders
    // again, so compare with the live URL rather than this render's params: one entry only.
    if (target.toString() === new URLSearchParams(window.location.search).toString()) return;
    setParams(target);
  };

  return (
    <>
      <PageTitle parts={[t(`tabs.${tab}`), common('titles.business')]} />
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t('header.kicker')}</p>
        <h1 className="font-display text-2xl font-bold break-words text-brand-800 sm:text-3xl">{business.name}</h1>
      </div>
      {business.proposedCommissionRate !== null ? (
        <Suspense fallback={null}>
          <CommissionProposalCard business={business} />
        </Suspense>
      ) : null}
      <Tabs value={tab} onValueChange={(value) => goTo(parseTab(value, business))}>
        <TabsList ref={tabListRef} aria-label={t('tabs.label')}>
          {dashboardTabs.map((key) => {
            const Icon = tabIcons[key];
            const isEnabled = isTabEnabled(key, business);
            return (
              <TabsTrigger
                key={key}
                value={key}
                disabled={!isEnabled}
                aria-describedby={isEnabled ? undefined : hintId}
                title={isEnabled ? undefined : t('tabs.inactiveHint')}
              >
                <Icon aria-hidden="true" />
                {t(`tabs.${key}`)}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {business.isActive ? null : (
          <p id={hintId} className="flex items-start gap-2 text-sm text-muted">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('tabs.inactiveHint')}
          </p>
        )}
        <TabsContent value="verification">
          <TabLoading>
            <VerificationTab business={business} />
          </TabLoading>
        </TabsContent>
        <TabsContent value="profile">
          <TabLoading>
            <ProfileTab business={business} />
          </TabLoading>
        </TabsContent>
        <TabsContent value="gifts">
          {business.isActive ? (
            <TabLoading>
              <GiftsTab />
            </TabLoading>
          ) : null}
        </TabsContent>
        <TabsContent value="orders">
          {business.isActive ? (
            <TabLoading>
              <OrdersTab />
            </TabLoading>
          ) : null}
        </TabsContent>
        <TabsContent value="redeem">
          {isTabEnabled('redeem', business) ? (
            <TabLoading>
              <RedeemTab />
            </TabLoading>
          ) : null}
        </TabsContent>
        <TabsContent value="analytics">
          <TabLoading>
            <AnalyticsTab />
          </TabLoading>
        </TabsContent>
        <TabsContent value="payouts">
          <TabLoading>
            <PayoutsTab />
          </TabLoading>
        </TabsContent>
      </Tabs>
    </>
  );
}
