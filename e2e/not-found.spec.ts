import { expect, test } from '@playwright/test';
import { hideCookieBanner } from './support/consent';

/** Any unknown address shows the not-found page, in the visitor's language, with a way home. */
test.describe('in English', () => {
  test.use({ locale: 'en-GB' });

  test('an unknown address shows the not-found page and leads home', async ({ page, context, baseURL }) => {
    await hideCookieBanner(context, baseURL!);
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Give a little piece of Valencia' })).toBeVisible();
  });
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('says it in Spanish', async ({ page, context, baseURL }) => {
    await hideCookieBanner(context, baseURL!);
    await page.goto('/no-existe');
    await expect(page.getByRole('heading', { level: 1, name: '¡Vaya! Página no encontrada' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });
});
