import { CONSUMER_TABS, type ConsumerTab } from '@shared/page-texts';

/** The tabs live with the pages' texts (shared/page-texts.ts), where the server preloads them from. */
export const consumerTabs = CONSUMER_TABS;
export type { ConsumerTab };

/** The tab named in the URL (`/app?tab=gifts`), or the profile tab when missing or unknown. */
export function parseTab(value: string | null): ConsumerTab {
  return consumerTabs.includes(value as ConsumerTab) ? (value as ConsumerTab) : 'profile';
}
