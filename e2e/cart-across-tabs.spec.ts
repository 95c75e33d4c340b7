import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { hideCookieBanner } from './support/consent';
import { createConsumer, type Consumer } from './support/orders';

test.use({ locale: 'es-ES' });

/*
 * Issue 29.10 (ADR 066): the signed-in giver's cart is the same in every tab and after the
 * browser restarts; another account signing in on the same browser never sees it, and
 * signing out empties it. Two givers of the journey's own.
 */
const cartKeys = (context: BrowserContext) =>
  context.pages()[0]!.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('regalo.cart')));

async function signedInContext(browser: Browser, giver: Consumer, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({ locale: 'es-ES', baseURL, storageState });
  await hideCookieBanner(context, baseURL);
  await context.addCookies(giver.cookies);
  return context;
}

test('the cart follows the giver across tabs and a restart, and no one else sees it', async ({ browser }) => {
  test.setTimeout(120_000);
  const ana = await createConsumer((await browser.newContext({ baseURL })).request, { name: 'Ana Ferrer', locale: 'es' });
  const bruno = await createConsumer((await browser.newContext({ baseURL })).request, { name: 'Bruno Vidal', locale: 'es' });

  const context = await signedInContext(browser, ana);
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
  const restarted = await signedInContext(browser, ana, profile);
  const again = await restarted.newPage();
  await again.goto('/app?tab=gifts');
  await expect(again.getByTestId('cart-count')).toHaveText('2');

  // Bruno signs in on the same browser: an empty cart, and Ana's is gone from it.
  const shared = await signedInContext(browser, ana, await restarted.storageState());
  await shared.clearCookies();
  await hideCookieBanner(shared, baseURL);
  await shared.addCookies(bruno.cookies);
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
