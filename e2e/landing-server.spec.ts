import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { expectNoSeriousA11yViolations } from './support/axe';
import { connectTestPayouts, createApprovedBusiness } from './support/business-application';
import { hideCookieBanner } from './support/consent';

/*
 * The landing page as the server renders it (ADR 098): complete without JavaScript (the
 * language menu and the cookie choices are a form), accessible in the three languages, and
 * the cart with its count in the header of every public page, so a guest gets back to it.
 */

function banner(page: Page) {
  return page.getByRole('region', { name: 'A few cookies, your choice' });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, locale: 'es-ES' });

  test('shows the whole page in the browser language, and the menu and the banner work as forms', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Regala un trocito de Valencia' })).toBeVisible();
    const hero = page.locator('section[aria-labelledby="hero-title"]');
    await expect(hero.getByRole('link', { name: 'Enviar un regalo' })).toHaveAttribute('href', '/gifts?lang=es');
    // Everything "how it works" holds is shown at once without the script.
    await expect(page.getByTestId('how-it-works-progress')).toHaveText('6/6');
    await expect(page.getByTestId('how-it-works-cta')).toHaveAttribute('data-state', 'shown');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Formulario de desistimiento' })).toHaveAttribute('href', '/withdrawal-form?lang=es');
    await expect(footer.getByRole('link', { name: 'Acuerdo para comercios' })).toHaveAttribute('href', '/partner-terms?lang=es');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cesta' })).toHaveAttribute('href', '/checkout');

    // The language menu: a choice and its button.
    await page.getByRole('banner').getByRole('combobox', { name: 'Idioma' }).selectOption('va');
    await page.getByRole('banner').getByRole('button', { name: 'Cambiar' }).click();
    await expect(page).toHaveURL(/\/\?lang=va$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca-ES-valencia');
    await expect(page.getByRole('heading', { level: 1, name: 'Regala un trosset de València' })).toBeVisible();
    // The choice follows to the next page without the address naming it (the language cookie).
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ca-ES-valencia');

    // The banner: "Personalitza" opens the categories, "Guarda" stores them on the server's answer.
    const region = page.getByRole('region', { name: 'Unes poques cookies, tu decidixes' });
    await expect(region).toBeVisible();
    await region.getByRole('button', { name: 'Personalitzar' }).click();
    await expect(page).toHaveURL(/cookies=customise/);
    await page.getByRole('region', { name: 'Unes poques cookies, tu decidixes' }).getByRole('switch', { name: 'Analítiques' }).check();
    await page.getByRole('region', { name: 'Unes poques cookies, tu decidixes' }).getByRole('button', { name: 'Guardar les preferències' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Regala un trosset de València' })).toBeVisible();
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie.value]));
    expect(cookies).toMatchObject({ 'cookie-consent': 'necessary', 'analytics-consent': 'true', 'marketing-consent': 'false' });
    await expect(page.getByRole('region', { name: 'Unes poques cookies, tu decidixes' })).toBeHidden();
  });

  test('"Accept all" stores the choice through the form', async ({ page, context }) => {
    await page.goto('/?lang=en');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect(page).toHaveURL(/\/\?lang=en$/);
    await expect(banner(page)).toBeHidden();
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie.value]));
    expect(cookies).toMatchObject({ 'cookie-consent': 'all', 'analytics-consent': 'true', 'marketing-consent': 'true' });
  });
});

test('has no serious accessibility findings in English, Spanish and Valencian', async ({ page, context }) => {
  await hideCookieBanner(context, baseURL);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const [language, lang] of [['en', 'en'], ['es', 'es'], ['va', 'ca-ES-valencia']] as const) {
    await page.goto(`/?lang=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  // And with the banner's categories open.
  await context.clearCookies();
  await page.goto('/?lang=en');
  await banner(page).getByRole('button', { name: 'Customize' }).click();
  await expect(banner(page).getByRole('switch', { name: 'Analytics' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

// The script runs after the first paint may have happened: what it changes (the language
// menu's button hidden, the banner's close button, the cart's count, "how it works" dimmed)
// must not move anything already painted (Lighthouse counted a 4 px shift of the whole page).
test('nothing moves once painted while the page and its script load, in the three languages', async ({ page }) => {
  for (const language of ['en', 'es', 'va']) {
    await page.goto(`/?lang=${language}`);
    await expect(page.locator('html')).toHaveClass(/\bjs\b/);
    await expect(page.locator('#how-it-works')).toHaveAttribute('data-timeline', 'waiting');
    const shifts = await page.evaluate(
      () =>
        new Promise<{ value: number; nodes: string[] }[]>((resolve) => {
          const seen: { value: number; nodes: string[] }[] = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; sources: { node?: Node }[] }[]) {
              seen.push({ value: entry.value, nodes: entry.sources.map((source) => source.node?.nodeName ?? '?') });
            }
          }).observe({ type: 'layout-shift', buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(seen)));
        }),
    );
    expect(shifts, language).toEqual([]);
  }
});

test.describe('a business onboarded in Spanish', () => {
  // The onboarding helpers read the Spanish pages; the guest below browses in English.
  test.use({ locale: 'es-ES' });

test('a guest who adds a gift on a shop page sees the cart with its count in every header and gets back to it', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  await createApprovedBusiness(page, request, 'Ceràmica de Manises');
  await connectTestPayouts(page);
  const origin = new URL(baseURL).origin;
  const giftName = `Taller de torn ${randomUUID().slice(0, 8)}`;
  const created = await page.request.post('/api/business/gifts', {
    data: { name: giftName, description: 'Una vesprada al torn.', price: '35,00', validityDays: 180 },
    headers: { origin },
  });
  expect(created.status(), await created.text()).toBe(201);

  const visitor = await browser.newContext({ locale: 'en-GB', baseURL });
  await hideCookieBanner(visitor, baseURL);
  const guest = await visitor.newPage();
  // Found by its name: the first page, cheapest first, is full of the demo's and other journeys' gifts.
  await guest.goto(`/gifts?lang=en&q=${encodeURIComponent(giftName)}`);
  const cart = guest.getByRole('banner').getByRole('link', { name: /^Cart/ });
  await expect(cart).toHaveAccessibleName('Cart');
  await guest.getByRole('link', { name: giftName }).click();
  await guest.getByRole('link', { name: 'Send this gift' }).click();
  await expect(guest).toHaveURL(/\/checkout$/);
  await expect(guest.getByTestId('checkout-line').getByRole('heading', { name: giftName })).toBeVisible();

  // Back in the shop window, the landing page and the app's public pages: the cart and its count.
  for (const address of ['/gifts?lang=en', '/?lang=en']) {
    await guest.goto(address);
    await expect(guest.getByRole('banner').getByRole('link', { name: 'Cart: 1 gift' })).toBeVisible();
    await expect(guest.getByRole('banner').locator('[data-cart-count]')).toHaveText('1');
  }
  await guest.goto('/privacy');
  await expect(guest.getByRole('banner').getByRole('link', { name: 'Cart: 1 gift' })).toBeVisible();
  await guest.goto('/gifts?lang=en');
  await guest.getByRole('banner').getByRole('link', { name: 'Cart: 1 gift' }).click();
  await expect(guest).toHaveURL(/\/checkout$/);
  await expect(guest.getByTestId('checkout-line').getByRole('heading', { name: giftName })).toBeVisible();
  await visitor.close();
});
});
