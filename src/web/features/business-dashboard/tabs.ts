import { canRedeem } from '@shared/domain/business';

export const dashboardTabs = ['verification', 'profile', 'gifts', 'orders', 'bookings', 'redeem', 'analytics', 'payouts'] as const;
export type DashboardTab = (typeof dashboardTabs)[number];

/** Gifts and orders belong to businesses the platform team has activated (spec §4). */
const tabsNeedingActiveBusiness: readonly DashboardTab[] = ['gifts', 'orders', 'bookings'];

type TabBusiness = { isActive: boolean; verificationStatus: string };

/** Redeem stays open after a deactivation: gifts already paid for stay redeemable. */
export function isTabEnabled(tab: DashboardTab, business: TabBusiness): boolean {
  if (tab === 'redeem') return canRedeem(business);
  return business.isActive || !tabsNeedingActiveBusiness.includes(tab);
}

/**
 * The tab named in the URL (`?tab=gifts`), or verification when it is missing, unknown, or
 * not open to this business yet (an inactive business following an old link to its orders).
 */
export function parseTab(value: string | null, business: TabBusiness): DashboardTab {
  const tab = dashboardTabs.includes(value as DashboardTab) ? (value as DashboardTab) : 'verification';
  return isTabEnabled(tab, business) ? tab : 'verification';
}
