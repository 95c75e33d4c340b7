import { expect, test, type Page } from '@playwright/test';
import { hideCookieBanner } from './support/consent';

/**
 * On a phone every tab of the consumer area and of the business dashboard is visible at a
 * glance (walk-through 10): the strip wraps instead of hiding "My orders" or "Analytics"
 * off-screen. Read-only use of the demo accounts.
 */
const PASSWORD = 'regalo-demo-2026';

async function signIn(page: Page, baseURL: string, email: string) {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: { origin: baseURL },
  });
  expect(res.ok()).toBe(true);
}

async function expectEveryTabOnScreen(page: Page, expected: number) {
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(expected);
  const width = page.viewportSize()!.width;
  for (const box of await tabs.evaluateAll((all) => all.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(width);
  }
}

for (const language of ['es', 'en'] as const) {
  test.describe(`at 390 px in ${language}`, () => {
    test.use({ viewport: { width: 390, height: 800 } });

    test('the consumer area shows all its tabs', async ({ page, context, baseURL }) => {
      await page.addInitScript((lang) => localStorage.setItem('i18nextLng', lang), language);
      await hideCookieBanner(context, baseURL!);
      await signIn(page, baseURL!, 'consumer@demo.regalo.test');
      await page.goto('/app');
      await expect(page.getByRole('tablist')).toBeVisible();
      await expectEveryTabOnScreen(page, 5);
    });

    test('the business dashboard shows all its tabs', async ({ page, context, baseURL }) => {
      await page.addInitScript((lang) => localStorage.setItem('i18nextLng', lang), language);
      await hideCookieBanner(context, baseURL!);
      await signIn(page, baseURL!, 'owner@demo.regalo.test');
      await page.goto('/business/dashboard');
      await expect(page.getByRole('tablist')).toBeVisible();
      const count = await page.getByRole('tab').count();
      expect(count).toBeGreaterThanOrEqual(5);
      await expectEveryTabOnScreen(page, count);
    });
  });
}
