import type { Page } from '@playwright/test';
import { hideCookieBanner } from './support/consent';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signInAs, test } from './support/fixtures';

/**
 * On a phone every tab of the consumer area and of the business dashboard is visible at a
 * glance (walk-through 10): the strip wraps instead of hiding "My orders" or "Analytics"
 * off-screen. Read-only use of the demo accounts.
 */
const signIn = (page: Page, email: string) => signInAs(page, { email, password: DEMO_PASSWORD });

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
    test.use({ viewport: { width: 390, height: 800 }, language });

    test('the consumer area shows all its tabs', async ({ page, context, baseURL }) => {
      await hideCookieBanner(context, baseURL!);
      await signIn(page, DEMO_ACCOUNTS.consumer);
      await page.goto('/app');
      await expect(page.getByRole('tablist')).toBeVisible();
      await expectEveryTabOnScreen(page, 5);
    });

    test('the business dashboard shows all its tabs', async ({ page, context, baseURL }) => {
      await hideCookieBanner(context, baseURL!);
      await signIn(page, DEMO_ACCOUNTS.owner);
      await page.goto('/business/dashboard');
      await expect(page.getByRole('tablist')).toBeVisible();
      const count = await page.getByRole('tab').count();
      expect(count).toBeGreaterThanOrEqual(5);
      await expectEveryTabOnScreen(page, count);
    });

    test('the catalogue\'s category and sort choices are not cut', async ({ page, context, baseURL }) => {
      await hideCookieBanner(context, baseURL!);
      await signIn(page, DEMO_ACCOUNTS.consumer);
      await page.goto('/app?tab=gifts');
      const selects = page.locator('section[aria-labelledby="gifts-title"] select');
      await expect(selects).toHaveCount(2);
      // Measured once shown: while the tab's data loads, React keeps them in the page but hidden.
      for (const select of await selects.all()) await expect(select).toBeVisible();
      await expect(page.getByTestId('gift-price').first()).toBeVisible();
      // The chosen option's text, in the select's own font, fits inside it (arrow and padding aside).
      const fits = await selects.evaluateAll((all) =>
        all.map((select) => {
          const s = select as HTMLSelectElement;
          const style = getComputedStyle(s);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const text = context.measureText(s.options[s.selectedIndex]!.text).width;
          const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { text: s.options[s.selectedIndex]!.text, fits: text <= room };
        }),
      );
      for (const select of fits) expect(select, select.text).toMatchObject({ fits: true });
    });

    test('the admin overview\'s sales can be read whole, without scrolling sideways', async ({ page, context, baseURL }) => {
      await hideCookieBanner(context, baseURL!);
      await signIn(page, DEMO_ACCOUNTS.admin);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 2, name: language === 'es' ? 'Ventas' : 'Sales' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Every figure that shows is inside the screen and inside whatever holds it (the net was cut off).
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('#main th, #main td, #main dd, #main dt')]
          .filter((el) => el.getClientRects().length > 0)
          .filter((el) => {
            const box = el.getBoundingClientRect();
            let parent = el.parentElement;
            while (parent && getComputedStyle(parent).overflowX === 'visible') parent = parent.parentElement;
            const clip = parent?.getBoundingClientRect();
            return box.right > 390 + 0.5 || (clip !== undefined && box.right > clip.right + 0.5);
          })
          .map((el) => el.textContent),
      );
      expect(cut).toEqual([]);
      await expect(page.getByTestId('sales-month')).toHaveCount(2);
    });
  });
}
