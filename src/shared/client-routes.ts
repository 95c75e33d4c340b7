/**
 * The single-page app's own addresses (`web/app/router.tsx`, whose test keeps the two lists
 * equal): the server answers these with the app's document and any other address that is not
 * one of its own routes with 404 (ADR 067: an unknown path must not look like a page to a
 * search engine). The app still renders its not-found page for a 404, so people see the same
 * page as before. `:name` matches one path segment.
 */
export const clientRoutes = [
  '/privacy',
  '/report',
  '/auth',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/app',
  '/checkout',
  '/checkout/:id/pay',
  '/checkout/:id',
  '/business/interest',
  '/confirm',
  '/business/confirm',
  '/business/signup',
  '/business/payouts/test-onboarding',
  '/business/dashboard',
  '/admin',
  '/withdraw/:checkoutId',
  '/withdraw/link/:token',
  '/purchase/:token',
  '/purchase',
] as const;

const patterns = clientRoutes.map((route) => new RegExp(`^${route.replace(/:[a-z]+/gi, '[^/]+')}/?$`));

/** Whether the app has a page at this path (without its query string). */
export function isClientRoute(path: string): boolean {
  return patterns.some((pattern) => pattern.test(path));
}
