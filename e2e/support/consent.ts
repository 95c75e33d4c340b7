import type { BrowserContext } from '@playwright/test';

/**
 * Stores a cookie choice before the page loads so the consent banner stays out of the way
 * (of the cart bar, of a dialog's buttons…) in journeys that are not about cookies.
 *   await hideCookieBanner(context, baseURL!);
 */
export async function hideCookieBanner(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: 'cookie-consent', value: 'necessary', url: baseURL }]);
}
