import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { hideCookieBanner } from './support/consent';

/*
 * ADR 059: the legal pages are server-rendered, so they read the same with JavaScript off,
 * in both languages, link back into the app, and reach from every page's footer. axe needs a
 * script of its own, so the accessibility scan runs with JavaScript on (the page has none).
 */
const pages = [
  ['/terms', 'Terms of sale', 'Condiciones de venta'],
  ['/legal', 'Legal notice', 'Aviso legal'],
  ['/cookies', 'Cookie policy', 'Política de cookies'],
  ['/accessibility', 'Accessibility statement', 'Declaración de accesibilidad'],
  ['/partner-terms', 'Partner agreement', 'Acuerdo para comercios'],
  ['/withdrawal-form', 'Model withdrawal form', 'Formulario de desistimiento'],
] as const;

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('every legal page answers in both languages and links back to the app', async ({ page }) => {
    for (const [path, english, spanish] of pages) {
      for (const [lang, title] of [['en', english], ['es', spanish]] as const) {
        const response = await page.goto(`${path}?lang=${lang}`);
        expect(response?.status(), `${path} ${lang}`).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByTestId('legal-version')).toBeVisible();
        await expect(page.getByRole('link', { name: lang === 'en' ? 'Back to Regalo' : 'Volver a Regalo' })).toHaveAttribute('href', '/');
      }
    }
    // Following the way back and a footer link works without a script too.
    await page.goto('/terms?lang=es');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Aviso legal' }).click();
    await expect(page).toHaveURL(/\/legal\?lang=es$/);
    await expect(page.getByTestId('operator-details')).toContainText('NIF');
  });
});

test.describe('with JavaScript on', () => {
  test.use({ locale: 'es-ES' });

  test('the site footer links to them, and none has a serious accessibility violation', async ({ page, context, baseURL }) => {
    await hideCookieBanner(context, baseURL!);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Condiciones de venta' }).click();
    await expect(page).toHaveURL(/\/terms\?lang=es$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Condiciones de venta' })).toBeVisible();
    for (const [path] of pages) {
      for (const lang of ['en', 'es']) {
        await page.goto(`${path}?lang=${lang}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      }
    }
  });

  test('the cookie policy reopens the cookie settings', async ({ page, context, baseURL }) => {
    await hideCookieBanner(context, baseURL!);
    await page.goto('/cookies?lang=es');
    await page.getByRole('link', { name: 'abre ahora la configuración de cookies' }).click();
    // The landing page is the server's (ADR 098): it opens the settings from the address.
    await expect(page).toHaveURL(/\/\?cookies=customise$/);
    await expect(page.getByRole('switch').first()).toBeVisible();
  });
});
