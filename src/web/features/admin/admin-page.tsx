import { ClipboardList, Flag, History, Landmark, LayoutDashboard, Package, Store } from 'lucide-react';
import { useText } from '@web/lib/text';
import { useSearchParams } from 'react-router';
import { AreaLinks } from '@web/components/area-links';
import { AreaHeader } from '@web/components/area-header';
import { LanguageMenu } from '@web/components/language-menu';
import { PageTitle } from '@web/components/page-title';
import { SignOutButton } from '@web/components/sign-out-button';
import { AreaTab, lazyTab, SignedInArea, type AreaSettings } from '@web/components/signed-in-area';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';

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

const tabModules = {
  overview: () => import('./overview-tab'),
  applications: () => import('./applications-tab'),
  businesses: () => import('./businesses-tab'),
  orders: () => import('./orders-tab'),
  payouts: () => import('./payouts-tab'),
  reports: () => import('./reports-tab'),
  audit: () => import('./audit-tab'),
} as const;
const OverviewTab = lazyTab(tabModules.overview, 'OverviewTab');
const ApplicationsTab = lazyTab(tabModules.applications, 'ApplicationsTab');
const BusinessesTab = lazyTab(tabModules.businesses, 'BusinessesTab');
const OrdersTab = lazyTab(tabModules.orders, 'OrdersTab');
const ReportsTab = lazyTab(tabModules.reports, 'ReportsTab');
const AuditTab = lazyTab(tabModules.audit, 'AuditTab');
const PayoutsTab = lazyTab(tabModules.payouts, 'PayoutsTab');
// The tab the address names starts downloading with this chunk, alongside the texts, rather
// than after the page's first render.
void tabModules[parseTab(new URLSearchParams(window.location.search).get('tab'))]();

const adminArea: AreaSettings = {
  texts: 'admin',
  // A session that ended or lost its role: re-reading it shows the not-found page.
  sessionEndsOn: [401, 403],
};

/** The platform team's back-office: only rendered for admins (RequireAdmin in the router). */
export default function AdminPage() {
  return (
    <SignedInArea settings={adminArea}>
      <Admin />
    </SignedInArea>
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
            <AreaTab>
              <OverviewTab onOpen={goTo} />
            </AreaTab>
          </TabsContent>
          <TabsContent value="applications">
            <AreaTab>
              <ApplicationsTab />
            </AreaTab>
          </TabsContent>
          <TabsContent value="businesses">
            <AreaTab>
              <BusinessesTab
                openId={params.get('business')}
                onOpen={(id) => goTo('businesses', id ? { business: id } : {})}
                onOrders={(name) => goTo('orders', { business: name })}
              />
            </AreaTab>
          </TabsContent>
          <TabsContent value="orders">
            <AreaTab>
              <OrdersTab initialBusiness={params.get('business') ?? ''} />
            </AreaTab>
          </TabsContent>
          <TabsContent value="payouts">
            <AreaTab>
              <PayoutsTab />
            </AreaTab>
          </TabsContent>
          <TabsContent value="reports">
            <AreaTab>
              <ReportsTab />
            </AreaTab>
          </TabsContent>
          <TabsContent value="audit">
            <AreaTab>
              <AuditTab />
            </AreaTab>
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
