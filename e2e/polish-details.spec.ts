import { expectFocusedElementVisible, tabTo } from './support/focus';
import { hideCookieBanner } from './support/consent';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';

/*
 * On a 390 px phone: the open cookie banner never covers the footer's "Cookie
 * settings" link (the bottom-overlay padding lets the page scroll it above the banner), and
 * the dev mailbox does not scroll sideways with a long link in it.
 */
test.use({ viewport: { width: 390, height: 800 } });

for (const language of ['en', 'es'] as const) {
  test.describe(() => {
    test.use({ language });
    test(`the open cookie banner leaves the footer's cookie settings reachable (${language})`, async ({ page }) => {
      await page.goto('/privacy');
      await expect(page.locator('section[aria-labelledby="cookie-banner-title"]')).toBeVisible();
      const name = language === 'en' ? /^Cookie settings$/ : /^Configuración de cookies$/;
      // Keyboard: Tab to the footer link; the page scrolls it above the banner.
      await tabTo(page, name, 120);
      await expectFocusedElementVisible(page);
      // Pointer: scrolled to the very bottom, the link is still clickable, not under the banner.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // A trial click fails when another element (the banner) would receive it.
      await page.getByRole('contentinfo').getByRole('button', { name }).click({ trial: true, timeout: 5000 });
    });
  });
}

test('the dev mailbox fits a phone', async ({ page, request, baseURL }) => {
  const email = `mailbox-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const res = await request.post('/api/business/interest', {
    data: { businessName: 'Orxateria amb un nom molt llarg per a provar', email, locale: 'en' },
    headers: { origin: baseURL! },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await waitForMail(request, { to: email });
  await page.goto('/dev/mailbox');
  await expect(page.getByText(email).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('pages come styled with their document: no stylesheet is fetched, in the app or on the landing page', async ({ page, context, baseURL }) => {
  await hideCookieBanner(context, baseURL!);
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
  });
  await page.goto('/auth');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  // The display face comes from the stylesheet (ADR 052 writes it into the document).
  expect(await title.evaluate((element) => getComputedStyle(element).fontFamily)).toContain('Iowan Old Style');
  // A lazy page inside the app: Vite's loader must not add the stylesheet for its chunk.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.getByRole('heading', { level: 1 }).evaluate((element) => getComputedStyle(element).fontFamily)).toContain('Iowan Old Style');
  expect(stylesheets).toEqual([]);
});
