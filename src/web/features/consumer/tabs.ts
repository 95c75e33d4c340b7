export const consumerTabs = ['profile', 'businesses', 'gifts', 'contacts', 'orders'] as const;
export type ConsumerTab = (typeof consumerTabs)[number];

/** The tab named in the URL (`/app?tab=gifts`), or the profile tab when missing or unknown. */
export function parseTab(value: string | null): ConsumerTab {
  return consumerTabs.includes(value as ConsumerTab) ? (value as ConsumerTab) : 'profile';
}
