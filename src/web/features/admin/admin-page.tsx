import { QueryClientProvider } from '@tanstack/react-query';
import { ClipboardList, History, LayoutDashboard, Package, Store } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AreaLinks } from '@web/components/area-links';
import { BrandMark } from '@web/components/brand-mark';
import { LanguageMenu } from '@web/components/language-menu';
import { PageTitle } from '@web/components/page-title';
import { SignOutButton } from '@web/components/sign-out-button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { createAppQueryClient } from '@web/lib/query-client';
import { refreshSession } from '@web/lib/session';
import i18n from '@web/lib/i18n';
import { adminErrorMessage } from './api-error';
import { ApplicationsTab } from './applications-tab';
import { AuditTab } from './audit-tab';
import { BusinessesTab } from './businesses-tab';
import { OrdersTab } from './orders-tab';
import { OverviewTab } from './overview-tab';

export const adminTabs = ['overview', 'applications', 'businesses', 'orders', 'audit'] as const;
export type AdminTab = (typeof adminTabs)[number];
const icons = { overview: LayoutDashboard, applications: ClipboardList, businesses: Store, orders: Package, audit: History } as const;

function reportError(error: unknown) {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  // A session that ended or lost its role: re-reading it shows the not-found page.
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) void refreshSession();
  toast.error(i18n.getFixedT(null, 'common')('error'), { id: 'admin-error', description: adminErrorMessage(error) });
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
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = (adminTabs as readonly string[]).includes(requested ?? '') ? (requested as AdminTab) : 'overview';

  const goTo = (next: AdminTab, extra: Record<string, string> = {}) => {
    const target = new URLSearchParams({ tab: next, ...extra });
    if (target.toString() === new URLSearchParams(window.location.search).toString()) return;
    setParams(target);
  };

  return (
    <div className="min-h-dvh pb-16">
      <PageTitle parts={[t(`tabs.${tab}`), t('titles.admin', { ns: 'common' })]} />
      <header className="border-b border-line bg-white/80 backdrop-blur">
        {/* Wraps on narrow phones: in one row the controls ran off a 390 px screen (1.4.10). */}
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2.5">
          <BrandMark />
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <AreaLinks current="admin" />
            <LanguageMenu />
            <SignOutButton label={t('signOut')} />
          </div>
        </div>
      </header>
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
            <OverviewTab onOpen={goTo} />
          </TabsContent>
          <TabsContent value="applications">
            <ApplicationsTab />
          </TabsContent>
          <TabsContent value="businesses">
            <BusinessesTab
              openId={params.get('business')}
              onOpen={(id) => goTo('businesses', id ? { business: id } : {})}
              onOrders={(name) => goTo('orders', { business: name })}
            />
          </TabsContent>
          <TabsContent value="orders">
            <OrdersTab initialBusiness={params.get('business') ?? ''} />
          </TabsContent>
          <TabsContent value="audit">
            <AuditTab />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
