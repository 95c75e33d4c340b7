import vaApp from '../src/shared/locales/va/app.json' with { type: 'json' };
import vaAuth from '../src/shared/locales/va/auth.json' with { type: 'json' };
import vaCheckout from '../src/shared/locales/va/checkout.json' with { type: 'json' };
import vaCommon from '../src/shared/locales/va/common.json' with { type: 'json' };
import vaLanding from '../src/shared/locales/va/landing.json' with { type: 'json' };
import esLanding from '../src/shared/locales/es/landing.json' with { type: 'json' };
import { expectNoSeriousA11yViolations as scan } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, test } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';
import type { Page } from '@playwright/test';

/**
 * Valencian (ADR 068): a visitor switches to Valencià on the landing page, signs up, opens the
 * gifts tab and reaches the checkout, all in Valencian; a browser that asks for Catalan of Spain
 * gets Valencian on its first visit. Texts come from the va catalogues (shared/locales/va).
 */
const expectNoSeriousA11yViolations = (page: Page) => scan(page, { exclude: ['[data-sonner-toaster]'] });

test.use({ locale: 'en-GB' });

test('a visitor switches to Valencià and signs up, browses the gifts and reaches the checkout in Valencian', async ({ page, context, baseURL }) => {
  await hideCookieBanner(context, baseURL!);
  await page.goto('/');
  const menu = page.getByRole('banner').getByRole('combobox', { name: 'Language' });
  await expect(menu.locator('option', { hasText: 'Valencià' })).toHaveAttribute('value', 'va');
  await menu.selectOption('va');
  expect(vaLanding.hero.title).not.toBe(esLanding.hero.title);
  await expect(page.getByRole('heading', { level: 1, name: vaLanding.hero.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ca-ES-valencia');
  await expect(page.getByRole('banner').getByRole('combobox', { name: vaCommon.language.label })).toHaveValue('va');
  await expectNoSeriousA11yViolations(page);

  // Sign-up, in the language chosen on the landing page.
  const email = `vicent.${Date.now()}.${test.info().workerIndex}.${test.info().retry}@example.test`;
  await page.goto('/auth?tab=signup');
  await expect(page.getByRole('tab', { name: vaAuth.tabs.signUp })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ca-ES-valencia');
  await page.getByLabel(vaAuth.fields.name).fill('Vicent Martí');
  await page.getByLabel(vaAuth.fields.email).fill(email);
  await page.getByRole('textbox', { name: vaAuth.fields.password, exact: true }).fill('taronges-de-valencia');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: vaAuth.signUp.submit }).click();
  await expect(page.getByRole('heading', { name: vaAuth.checkEmail.title })).toBeVisible();
  await page.goto(linkIn(await waitForMail(page.request, { to: email }), '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/app(\?|$)/);
  // The account keeps the language it was made in (its emails follow it).
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as { user: { locale: string } };
  expect(session.user.locale).toBe('va');

  // The gifts tab, and a gift into the cart.
  await page.goto('/app?tab=gifts');
  await expect(page.getByRole('tab', { name: vaApp.tabs.gifts })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel(vaApp.gifts.searchLabel)).toBeVisible();
  await page.getByRole('button', { name: new RegExp(vaApp.gifts.addToCart) }).first().click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expectNoSeriousA11yViolations(page);

  // The checkout, where the recipient's language can be Valencian too.
  await page.getByRole('link', { name: vaApp.cart.checkout }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: vaCheckout.title })).toBeVisible();
  const recipientLanguage = page.getByTestId('checkout-line').first().getByLabel(vaCheckout.line.language);
  await expect(recipientLanguage).toHaveValue('va');
  await expect(recipientLanguage.locator('option')).toHaveText(['English', 'Español', 'Valencià']);
  await expect(page.getByTestId('checkout-total')).toHaveText(/^\d+,\d{2}\s€$/);
  await expectNoSeriousA11yViolations(page);
});

test.describe('a browser that asks for Catalan', () => {
  test.use({ locale: 'ca-ES' });

  test('gets Valencian on its first visit, on the app and on the pages the server renders', async ({ page, context, baseURL }) => {
    await hideCookieBanner(context, baseURL!);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: vaLanding.hero.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca-ES-valencia');
    await expect(page.getByRole('banner').getByRole('combobox', { name: vaCommon.language.label })).toHaveValue('va');

    await page.goto('/terms');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca-ES-valencia');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Valencià' })).toHaveAttribute('aria-current', 'true');
  });
});
