import { BarChart3, CalendarClock, Gift, Info, Landmark, Package, ScanLine, ShieldCheck, Store } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { getLanguage } from '@web/lib/language';
import { loadText, useText } from '@web/lib/text';
import { Link, useSearchParams } from 'react-router';
import type { DashboardBusiness } from '@shared/contracts/business-dashboard';
import { missingInvoicingDetails } from '@shared/domain/invoices';
import { AreaHeader } from '@web/components/area-header';
import { LanguageMenu } from '@web/components/language-menu';
import { PageTitle } from '@web/components/page-title';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { apiErrorMessage } from '@web/lib/api-error';
import { useHasSignupDraft, useOwnBusiness } from './api';
import { registerServiceWorker } from './register-service-worker';
import { dashboardTabs, isTabEnabled, parseTab, type DashboardTab } from './tabs';
import { QueryFallback } from '@web/components/query-fallback';
import { SignOutButton } from '@web/components/sign-out-button';
import { AreaTab, lazyTab, SignedInArea, type AreaSettings } from '@web/components/signed-in-area';
import { AreaLinks } from '@web/components/area-links';

const dashboardArea: AreaSettings = {
  texts: 'dashboard',
};

export default function BusinessDashboardPage() {
  useEffect(() => registerServiceWorker(), []);
  return (
    <SignedInArea settings={dashboardArea}>
      <Dashboard />
    </SignedInArea>
  );
}

const tabIcons = {
  verification: ShieldCheck,
  profile: Store,
  gifts: Gift,
  orders: Package,
  bookings: CalendarClock,
  redeem: ScanLine,
  analytics: BarChart3,
  payouts: Landmark,
} as const;

const tabModules = {
  verification: () => import('./verification-tab'),
  profile: () => import('./profile-tab'),
  gifts: () => import('./gifts-tab'),
  orders: () => import('./orders-tab'),
  bookings: () => import('./bookings-tab'),
  redeem: () => import('./redeem/redeem-tab'),
  analytics: () => import('./analytics-tab'),
  payouts: () => import('./payouts/payouts-tab'),
} as const;
const VerificationTab = lazyTab(tabModules.verification, 'VerificationTab');
// Only an owner with a pending commission proposal loads it (ADR 065).
const CommissionProposalCard = lazy(() => import('./commission-proposal-card').then((m) => ({ default: m.CommissionProposalCard })));
// Only a business without its legal name, fiscal address or district loads it.
const InvoicingDetailsCard = lazy(() => import('./invoicing-details-card').then((m) => ({ default: m.InvoicingDetailsCard })));
const ProfileTab = lazyTab(tabModules.profile, 'ProfileTab');
const GiftsTab = lazyTab(tabModules.gifts, 'GiftsTab');
const OrdersTab = lazyTab(tabModules.orders, 'OrdersTab');
const BookingsTab = lazyTab(tabModules.bookings, 'BookingsTab');
const RedeemTab = lazyTab(tabModules.redeem, 'RedeemTab');
const AnalyticsTab = lazyTab(tabModules.analytics, 'AnalyticsTab');
const PayoutsTab = lazyTab(tabModules.payouts, 'PayoutsTab');
// The tab the address names starts downloading with this chunk, alongside the texts, rather
// than after the business has loaded (a tab this business may not open yet costs one request).
const requestedTab = new URLSearchParams(window.location.search).get('tab');
const addressTab = dashboardTabs.includes(requestedTab as DashboardTab) ? (requestedTab as DashboardTab) : 'verification';
void tabModules[addressTab]();
if (addressTab === 'redeem') void loadText(getLanguage(), ['redeem']).catch(() => undefined);
if (addressTab === 'payouts') void loadText(getLanguage(), ['payouts']).catch(() => undefined);

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
            error={query.isError ? apiErrorMessage(query.error, 'dashboard') : null}
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
  // An owner who left the wizard half way is told their details are kept, not to start over.
  const isUnfinished = useHasSignupDraft(true).data === true;
  const text = isUnfinished ? 'noBusiness.unfinished' : 'noBusiness';
  return (
    <Card className="mx-auto w-full max-w-lg text-center">
      <CardHeader className="items-center">
        <Store aria-hidden="true" className="size-10 text-brand-500" />
        <h1 className="font-display text-2xl font-semibold leading-tight">{t(`${text}.title`)}</h1>
        <CardDescription>{t(`${text}.description`)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/business/signup" className={buttonVariants({})}>
          {t(`${text}.create`)}
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
      {missingInvoicingDetails(business).length > 0 ? (
        <Suspense fallback={null}>
          <InvoicingDetailsCard business={business} />
        </Suspense>
      ) : null}
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
                {key === 'orders' && business.totals.extensionRequests > 0 ? (
                  // Requests for more time wait for the owner's answer (ADR 064): seen from every tab.
                  <span
                    className="ml-1 rounded-full bg-amber-200 px-2 text-xs font-bold text-amber-950"
                    data-testid="orders-tab-pending"
                  >
                    <span aria-hidden="true">{business.totals.extensionRequests}</span>
                    <span className="sr-only">{`, ${t('tabs.ordersPending', { count: business.totals.extensionRequests })}`}</span>
                  </span>
                ) : null}
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
          <AreaTab>
            <VerificationTab business={business} />
          </AreaTab>
        </TabsContent>
        <TabsContent value="profile">
          <AreaTab>
            <ProfileTab business={business} />
          </AreaTab>
        </TabsContent>
        <TabsContent value="gifts">
          {business.isActive ? (
            <AreaTab>
              <GiftsTab />
            </AreaTab>
          ) : null}
        </TabsContent>
        <TabsContent value="orders">
          {business.isActive ? (
            <AreaTab>
              <OrdersTab />
            </AreaTab>
          ) : null}
        </TabsContent>
        <TabsContent value="bookings">
          {business.isActive ? (
            <AreaTab>
              <BookingsTab />
            </AreaTab>
          ) : null}
        </TabsContent>
        <TabsContent value="redeem">
          {isTabEnabled('redeem', business) ? (
            <AreaTab>
              <RedeemTab />
            </AreaTab>
          ) : null}
        </TabsContent>
        <TabsContent value="analytics">
          <AreaTab>
            <AnalyticsTab />
          </AreaTab>
        </TabsContent>
        <TabsContent value="payouts">
          <AreaTab>
            <PayoutsTab />
          </AreaTab>
        </TabsContent>
      </Tabs>
    </>
  );
}
