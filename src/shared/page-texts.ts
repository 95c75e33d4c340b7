/**
 * The web app's pages, each with the catalogue namespaces it renders with: one list that the
 * web app loads a page's texts from (`app/router.tsx`, the consumer area's tabs) and the server
 * preloads a document's from (`platform/page-preloads.ts`), so the two cannot drift apart
 * (ADR 068; `page-texts.test.ts` checks the web app names each page with its own file).
 * A page is named as Vite's build manifest names it: its path under `src/web`.
 */
export const PAGE_NAMESPACES = {
  'features/legal/privacy-page.tsx': ['privacy'],
  'features/report/report-page.tsx': ['report'],
  'features/withdrawal/withdrawal-page.tsx': ['withdrawal'],
  'features/not-found/not-found-page.tsx': [],
  'features/consumer/consumer-page.tsx': ['app'],
  'features/consumer/profile-tab.tsx': [],
  'features/consumer/businesses-tab.tsx': [],
  'features/consumer/gifts-tab.tsx': [],
  'features/consumer/contacts-tab.tsx': [],
  'features/consumer/orders-tab.tsx': ['orders'],
  'features/consumer/purchase-page.tsx': ['app', 'orders'],
  'features/consumer/find-purchases-page.tsx': ['orders'],
  'features/auth/auth-page.tsx': ['auth'],
  'features/auth/forgot-password-page.tsx': ['auth'],
  'features/auth/reset-password-page.tsx': ['auth'],
  'features/business-onboarding/interest-page.tsx': ['business'],
  'features/business-onboarding/confirm-page.tsx': ['business'],
  'features/business-onboarding/business-confirm-page.tsx': ['business'],
  'features/business-onboarding/signup-page.tsx': ['business', 'districts'],
  'features/business-dashboard/business-dashboard-page.tsx': ['dashboard'],
  'features/checkout/checkout-page.tsx': ['checkout'],
  'features/checkout/test-payment-page.tsx': ['checkout'],
  'features/checkout/checkout-return-page.tsx': ['checkout'],
  'features/payouts/test-onboarding-page.tsx': ['dashboard'],
  'features/admin/admin-page.tsx': ['admin'],
} as const satisfies Record<string, readonly string[]>;
export type PageModule = keyof typeof PAGE_NAMESPACES;

/** The consumer area's tabs (`/app?tab=`), in their order; the first is the default. */
export const CONSUMER_TABS = ['profile', 'businesses', 'gifts', 'contacts', 'orders'] as const;
export type ConsumerTab = (typeof CONSUMER_TABS)[number];

/**
 * The pages a document address serves, and the tabs it has (`?tab=`; the first when missing or
 * unknown): what the server names in the document's preload hints.
 */
export const DOCUMENT_PAGES: Record<string, { page: PageModule; tabs?: Record<string, PageModule> }> = {
  '/auth': { page: 'features/auth/auth-page.tsx' },
  '/auth/forgot-password': { page: 'features/auth/forgot-password-page.tsx' },
  '/auth/reset-password': { page: 'features/auth/reset-password-page.tsx' },
  '/privacy': { page: 'features/legal/privacy-page.tsx' },
  '/app': {
    page: 'features/consumer/consumer-page.tsx',
    tabs: Object.fromEntries(CONSUMER_TABS.map((tab) => [tab, `features/consumer/${tab}-tab.tsx` as PageModule])),
  },
  '/checkout': { page: 'features/checkout/checkout-page.tsx' },
  '/business/interest': { page: 'features/business-onboarding/interest-page.tsx' },
  '/business/dashboard': { page: 'features/business-dashboard/business-dashboard-page.tsx' },
  '/admin': { page: 'features/admin/admin-page.tsx' },
};
