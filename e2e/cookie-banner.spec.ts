import { expect, test, type BrowserContext, type Page } from '@playwright/test';

/**
 * The cookie banner: every choice stores exactly the specified cookies for 365 days and the
 * banner stays away after a reload; closing it saves nothing, so it comes back; the footer's
 * "Cookie settings" lets a visitor change their mind.
 */
test.use({ locale: 'en-GB' });

const YEAR_S = 365 * 24 * 60 * 60;
const names = ['cookie-consent', 'analytics-consent', 'marketing-consent'];

function banner(page: Page) {
  return page.getByRole('region', { name: 'A few cookies, your choice' });
}

async function expectConsentCookies(context: BrowserContext, expected: Record<string, string>) {
  const cookies = (await context.cookies()).filter((cookie) => names.includes(cookie.name));
  expect(Object.fromEntries(cookies.map((cookie) => [cookie.name, cookie.value]))).toEqual(expected);
  const now = Date.now() / 1000;
  for (const cookie of cookies) {
    expect(cookie.path).toBe('/');
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBe(false); // served over http in the tests; Secure is added on https
    expect(Math.abs(cookie.expires - (now + YEAR_S))).toBeLessThan(120);
  }
}

async function expectBannerGoneAfterReload(page: Page) {
  await expect(banner(page)).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
}

test('accept all stores all/true/true', async ({ page, context }) => {
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await expectConsentCookies(context, {});
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expectConsentCookies(context, { 'cookie-consent': 'all', 'analytics-consent': 'true', 'marketing-consent': 'true' });
  await expectBannerGoneAfterReload(page);
});

test('decline all stores necessary/false/false and is exactly as prominent as accept', async ({ page, context }) => {
  await page.goto('/privacy');
  const accept = banner(page).getByRole('button', { name: 'Accept all' });
  const decline = banner(page).getByRole('button', { name: 'Decline all' });
  await expect(decline).toBeVisible();
  expect(await decline.getAttribute('class')).toBe(await accept.getAttribute('class'));
  const [acceptBox, declineBox] = [await accept.boundingBox(), await decline.boundingBox()];
  expect(declineBox!.height).toBe(acceptBox!.height);
  expect(declineBox!.width).toBeGreaterThanOrEqual(acceptBox!.width - 1);

  await decline.click();
  await expectConsentCookies(context, { 'cookie-consent': 'necessary', 'analytics-consent': 'false', 'marketing-consent': 'false' });
  await expectBannerGoneAfterReload(page);
});

test('customize stores the chosen categories', async ({ page, context }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Customize' }).click();
  const necessary = banner(page).getByRole('switch', { name: 'Necessary' });
  const analytics = banner(page).getByRole('switch', { name: 'Analytics' });
  const marketing = banner(page).getByRole('switch', { name: 'Marketing' });
  await expect(necessary).toBeChecked();
  await expect(necessary).toBeDisabled();
  await expect(analytics).not.toBeChecked();
  await expect(marketing).not.toBeChecked();

  await analytics.click();
  await expect(analytics).toBeChecked();
  await banner(page).getByRole('button', { name: 'Save choices' }).click();
  await expectConsentCookies(context, { 'cookie-consent': 'necessary', 'analytics-consent': 'true', 'marketing-consent': 'false' });
  await expectBannerGoneAfterReload(page);

  // Changing one's mind from the footer: both categories on means "all".
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('switch', { name: 'Analytics' })).toBeChecked();
  await expect(banner(page).getByRole('switch', { name: 'Marketing' })).not.toBeChecked();
  await banner(page).getByRole('switch', { name: 'Marketing' }).click();
  await banner(page).getByRole('button', { name: 'Save choices' }).click();
  await expectConsentCookies(context, { 'cookie-consent': 'all', 'analytics-consent': 'true', 'marketing-consent': 'true' });
  await expectBannerGoneAfterReload(page);
});

test('closing without a choice saves nothing and the banner comes back on the next load', async ({ page, context }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Close the cookie banner' }).click();
  await expect(banner(page)).toBeHidden();
  await expectConsentCookies(context, {});
  await page.reload();
  await expect(banner(page)).toBeVisible();
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('is translated', async ({ page, context }) => {
    await page.goto('/');
    const region = page.getByRole('region', { name: 'Unas pocas cookies, tú decides' });
    await expect(region.getByRole('button', { name: 'Aceptar todas' })).toBeVisible();
    await region.getByRole('button', { name: 'Rechazar todas' }).click();
    await expectConsentCookies(context, { 'cookie-consent': 'necessary', 'analytics-consent': 'false', 'marketing-consent': 'false' });
  });
});
