import { QueryClientProvider } from '@tanstack/react-query';
import { ClipboardList, Flag, History, Landmark, LayoutDashboard, Package, Store } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useText } from '@web/lib/text';
import { useSearchParams } from 'react-router';
import { AreaLinks } from '@web/components/area-links';
import { AreaHeader } from '@web/components/area-header';
import { LanguageMenu } from '@web/components/language-menu';
import { PageTitle } from '@web/components/page-title';
import { QueryFallback } from '@web/components/query-fallback';
import { SignOutButton } from '@web/components/sign-out-button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { createAppQueryClient } from '@web/lib/query-client';
import { refreshSession } from '@web/lib/session';
import { getText } from '@web/lib/text';
import { adminErrorMessage } from './api-error';

export const adminTabs = ['overview', 'applications', 'businesses', 'orders', 'payouts', 'reports', 'audit'] as const;
export type AdminTab = (typeof adminTabs)[number];
const icons = {
  overview: LayoutDashboard,
  applications: ClipboardList,
  businesses: Store,
  orders: Package,
  payouts: Landmark,
  reports: Flag,
  audit: History,
} as const;

const parseTab = (requested: string | null): AdminTab =>
  (adminTabs as readonly string[]).includes(requested ?? '') ? (requested as AdminTab) : 'overview';

// One chunk per tab: a visit downloads the open tab's code (and its dialogs) only; the others
// load when chosen (ADR 046).
const tabModules = {
  overview: () => import('./overview-tab'),
  applications: () => import('./applications-tab'),
  businesses: () => import('./businesses-tab'),
  orders: () => import('./orders-tab'),
  payouts: () => import('./payouts-tab'),
  reports: () => import('./reports-tab'),
  audit: () => import('./audit-tab'),
} as const;
const OverviewTab = lazy(() => tabModules.overview().then((m) => ({ default: m.OverviewTab })));
const ApplicationsTab = lazy(() => tabModules.applications().then((m) => ({ default: m.ApplicationsTab })));
const BusinessesTab = lazy(() => tabModules.businesses().then((m) => ({ default: m.BusinessesTab })));
const OrdersTab = lazy(() => tabModules.orders().then((m) => ({ default: m.OrdersTab })));
const ReportsTab = lazy(() => tabModules.reports().then((m) => ({ default: m.ReportsTab })));
const AuditTab = lazy(() => tabModules.audit().then((m) => ({ default: m.AuditTab })));
const PayoutsTab = lazy(() => tabModules.payouts().then((m) => ({ default: m.PayoutsTab })));
// The tab the address opens starts downloading with this chunk, alongside the texts, rather
// than after the page's first render.
if (typeof window !== 'undefined') void tabModules[parseTab(new URLSearchParams(window.location.search).get('tab'))]();

/** The spinner the tabs show while their data loads, while the tab's own code loads. */
function TabLoading({ children }: { children: ReactNode }) {
  const { t } = useText('admin');
  const fallback = <QueryFallback error={null} onRetry={() => undefined} retryLabel={t('retry')} loadingLabel={t('loading')} />;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

function reportError(error: unknown) {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  // A session that ended or lost its role: re-reading it shows the not-found page.
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) void refreshSession();
  toast.error(getText('common')('error'), { id: 'admin-error', description: adminErrorMessage(error) });
}

/** The platform team's back-office: only rendered for admins (RequireAdmin in the router). */
export default function AdminPage() {
  const [queryClient] = useState(() => createAppQueryClient(reportError));
  return (
    <QueryClientProvider client={queryClient}>
      <Admin />
    </QueryClientProvider>
  );
}

function Admin() {
  const { t } = useText('admin');
  const { t: common } = useText('common');
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));

  const goTo = (next: AdminTab, extra: Record<string, string> = {}) => {
    const target = new URLSearchParams({ tab: next, ...extra });
    if (target.toString() === new URLSearchParams(window.location.search).toString()) return;
    setParams(target);
  };

  return (
    <div className="min-h-dvh pb-16">
      <PageTitle parts={[t(`tabs.${tab}`), common('titles.admin')]} />
      <AreaHeader area="admin">
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <AreaLinks current="admin" />
          <LanguageMenu />
          <SignOutButton label={t('signOut')} />
        </div>
      </AreaHeader>
      <main id="main" className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-6">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t('kicker')}</p>
          <h1 className="font-display text-2xl font-bold text-brand-800 sm:text-3xl">{t('title')}</h1>
        </div>
        <Tabs value={tab} onValueChange={(value) => goTo(value as AdminTab)}>
          <TabsList aria-label={t('tabs.label')} className="flex-wrap">
            {adminTabs.map((key) => {
              const Icon = icons[key];
              return (
                <TabsTrigger key={key} value={key}>
                  <Icon aria-hidden="true" />
                  {t(`tabs.${key}`)}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <TabsContent value="overview">
            <TabLoading>
              <OverviewTab onOpen={goTo} />
            </TabLoading>
          </TabsContent>
          <TabsContent value="applications">
            <TabLoading>
              <ApplicationsTab />
            </TabLoading>
          </TabsContent>
          <TabsContent value="businesses">
            <TabLoading>
              <BusinessesTab
                openId={params.get('business')}
                onOpen={(id) => goTo('businesses', id ? { business: id } : {})}
                onOrders={(name) => goTo('orders', { business: name })}
              />
            </TabLoading>
          </TabsContent>
          <TabsContent value="orders">
            <TabLoading>
              <OrdersTab initialBusiness={params.get('business') ?? ''} />
            </TabLoading>
          </TabsContent>
          <TabsContent value="payouts">
            <TabLoading>
              <PayoutsTab />
            </TabLoading>
          </TabsContent>
          <TabsContent value="reports">
            <TabLoading>
              <ReportsTab />
            </TabLoading>
          </TabsContent>
          <TabsContent value="audit">
            <TabLoading>
              <AuditTab />
            </TabLoading>
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
