import type { Browser, BrowserContext } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test } from './support/fixtures';

test.use({ locale: 'es-ES' });

/*
 * ADR 066: the signed-in giver's cart is the same in every tab and after the
 * browser restarts; another account signing in on the same browser never sees it, and
 * signing out empties it. Two givers of the journey's own (the `giver` and `otherGiver`
 * fixtures).
 */
const cartKeys = (context: BrowserContext) =>
  context.pages()[0]!.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('regalo.cart')));

/** A browser, new or with the profile (cookies and storage) of one before it. */
async function browserWith(browser: Browser, profile?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({ locale: 'es-ES', baseURL, storageState: profile });
  await hideCookieBanner(context, baseURL);
  return context;
}

test('the cart follows the giver across tabs and a restart, and no one else sees it', async ({ browser, giver: ana, otherGiver: bruno }) => {
  const context = await browserWith(browser);
  await signInAs(context.request, ana);
  const first = await context.newPage();
  await first.goto('/app?tab=gifts');
  await expect(first.getByTestId('cart-count')).toHaveText('0');
  await first.getByRole('button', { name: /^Añadir al carrito/ }).first().click();
  await expect(first.getByTestId('cart-count')).toHaveText('1');

  // A new tab shows the same cart; adding there shows in the first tab without a reload.
  const second = await context.newPage();
  await second.goto('/app?tab=gifts');
  await expect(second.getByTestId('cart-count')).toHaveText('1');
  await second.getByRole('button', { name: /^Añadir al carrito/ }).nth(1).click();
  await expect(second.getByTestId('cart-count')).toHaveText('2');
  await expect(first.getByTestId('cart-count')).toHaveText('2');

  // The browser restarts: its profile (cookies and storage) is all that is left.
  const profile = await context.storageState();
  await context.close();
  const restarted = await browserWith(browser, profile);
  const again = await restarted.newPage();
  await again.goto('/app?tab=gifts');
  await expect(again.getByTestId('cart-count')).toHaveText('2');

  // Bruno signs in on the same browser: an empty cart, and Ana's is gone from it.
  const shared = await browserWith(browser, await restarted.storageState());
  await shared.clearCookies();
  await hideCookieBanner(shared, baseURL);
  await signInAs(shared.request, bruno);
  const brunos = await shared.newPage();
  await brunos.goto('/app?tab=gifts');
  await expect(brunos.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(brunos.getByTestId('cart-count')).toHaveText('0');
  // Bruno has added nothing; Ana's key was removed when he signed in.
  expect(await cartKeys(shared)).toEqual([]);
  await shared.close();

  // Ana signs out: her cart is emptied in this browser.
  await again.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(again).toHaveURL(`${baseURL}/`);
  expect(await cartKeys(restarted)).toEqual([]);
  await restarted.close();
});
