import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';

/**
 * axe (WCAG 2.1 A/AA) on the public pages, with the cookie banner showing as a first
 * visitor sees it, in both languages. Reduced motion so nothing is caught mid-fade.
 */
for (const locale of ['en-GB', 'es-ES']) {
  test.describe(locale, () => {
    test.use({ locale });

    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
    });

    test('landing page', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('how-it-works-cta')).toHaveAttribute('data-state', 'shown');
      await expect(page.getByRole('region').filter({ has: page.getByRole('button', { name: /Accept all|Aceptar todas/ }) })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('landing page with the cookie choices open', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: /^(Customize|Personalizar)$/ }).click();
      await expect(page.getByRole('switch')).toHaveCount(3);
      await expectNoSeriousA11yViolations(page);
    });

    test('privacy policy', async ({ page }) => {
      await page.goto('/privacy');
      await expect(page.getByTestId('privacy-last-updated')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('not-found page', async ({ page }) => {
      await page.goto('/nowhere');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test('the first Tab reaches a visible skip link that jumps to the content', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'cookie-consent', value: 'necessary', url: baseURL! }]);
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator('main#main')).toBeFocused();
});
