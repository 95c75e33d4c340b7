export const dashboardTabs = ['verification', 'profile', 'gifts', 'orders', 'redeem', 'analytics'] as const;
export type DashboardTab = (typeof dashboardTabs)[number];

/** Gifts, orders and redemption belong to businesses the platform team has activated (spec §4). */
const tabsNeedingActiveBusiness: readonly DashboardTab[] = ['gifts', 'orders', 'redeem'];

export function isTabEnabled(tab: DashboardTab, isActive: boolean): boolean {
  return isActive || !tabsNeedingActiveBusiness.includes(tab);
}

/**
 * The tab named in the URL (`?tab=gifts`), or verification when it is missing, unknown, or
 * not open to this business yet (an inactive business following an old link to its orders).
 */
export function parseTab(value: string | null, isActive: boolean): DashboardTab {
  const tab = dashboardTabs.includes(value as DashboardTab) ? (value as DashboardTab) : 'verification';
  return isTabEnabled(tab, isActive) ? tab : 'verification';
}
