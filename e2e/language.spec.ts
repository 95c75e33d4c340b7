import { expect, test } from '@playwright/test';
import { hideCookieBanner } from './support/consent';

/**
 * The language menu: shows the current language by name, switches the whole interface at
 * once (text, <html lang>, number format), remembers the choice across a reload, and the
 * remembered choice wins over the browser's language.
 */
test.use({ locale: 'en-GB' });

test('switches to Spanish at once, keeps it after a reload and switches back', async ({ page, context, baseURL }) => {
  await hideCookieBanner(context, baseURL!);
  await page.goto('/');
  const menu = page.getByRole('banner').getByRole('combobox', { name: 'Language' });
  await expect(menu).toHaveValue('en');
  await expect(menu.locator('option:checked')).toHaveText('English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await menu.selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Regala un trocito de Valencia' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const menuEs = page.getByRole('banner').getByRole('combobox', { name: 'Idioma' });
  await expect(menuEs.locator('option:checked')).toHaveText('Español');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('es');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Regala un trocito de Valencia' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.getByRole('banner').getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Give a little piece of Valencia' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
});

test('the footer menu switches other pages too', async ({ page, context, baseURL }) => {
  await hideCookieBanner(context, baseURL!);
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidad' })).toBeVisible();
});

test('the server-rendered gift pages follow the language chosen in the app', async ({ page, context, baseURL }) => {
  await hideCookieBanner(context, baseURL!);
  await page.goto('/privacy');
  await page.getByRole('contentinfo').getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
  // /g is rendered by the server with no script: only the cookie can tell it (the browser is English).
  await page.goto('/g');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Abre tu regalo' })).toBeVisible();
  const missing = await page.goto('/g/this-is-not-a-real-gift-code-at-all-000000');
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'No encontramos este regalo' })).toBeVisible();
});

test('the choice travels between the landing page and the rest of the app', async ({ page, context, baseURL }) => {
  // The landing page is its own light document (ADR 015): links into the app load another one.
  await hideCookieBanner(context, baseURL!);
  await page.goto('/');
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Regala un trocito de Valencia' })).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidad' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.getByRole('contentinfo').getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Regalo' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Give a little piece of Valencia' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('with a Spanish browser', () => {
  test.use({ locale: 'es-ES' });

  test('a stored choice wins over the browser language', async ({ page, context, baseURL }) => {
    await hideCookieBanner(context, baseURL!);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('i18nextLng', 'en');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Give a little piece of Valencia' })).toBeVisible();

    // The stored choice is in local storage and in the language cookie (for the server's pages).
    expect(await page.evaluate(() => document.cookie)).toContain('regalo-language=en');
    await page.evaluate(() => {
      localStorage.removeItem('i18nextLng');
      document.cookie = 'regalo-language=; Path=/; Max-Age=0';
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Regala un trocito de Valencia' })).toBeVisible();
    // The detected language is cached for the next visit.
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('es');
    expect(await page.evaluate(() => document.cookie)).toContain('regalo-language=es');
  });
});

test.describe('with a browser in neither language', () => {
  test.use({ locale: 'fr-FR' });

  test('falls back to English', async ({ page, context, baseURL }) => {
    await hideCookieBanner(context, baseURL!);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Give a little piece of Valencia' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
