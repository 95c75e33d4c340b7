import type { APIRequestContext, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signInAs, test } from './support/fixtures';

/**
 * The recipient's side (ADR 032): the demo giver's gifts open on their server-rendered gift
 * page with no account, in the recipient's language with a switch, with a QR that scans to
 * the page itself; the printable card; the page with JavaScript off; and the landing page's
 * "Open your gift" leading a recipient to their gift by pasting its link (390 px, both
 * languages). Everything here only reads the demo data.
 */

interface DemoOrder {
  status: string;
  recipientName: string;
  giftName: string;
  giftPagePath: string | null;
}

/** The demo giver's orders, read through the API as "my orders" shows them. */
async function demoOrders(request: APIRequestContext): Promise<DemoOrder[]> {
  await signInAs(request, { email: DEMO_ACCOUNTS.consumer, password: DEMO_PASSWORD });
  const response = await request.get('/api/my/orders');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: DemoOrder[] }).items;
}

async function giftPathOf(request: APIRequestContext, giftName: string, status: string) {
  const order = (await demoOrders(request)).find((o) => o.giftName === giftName && o.status === status);
  expect(order?.giftPagePath, `${status} order of ${giftName}`).toBeTruthy();
  return order!.giftPagePath!;
}

/** Reads the QR drawn on the page from a screenshot, as the business's camera would. */
async function scanQr(page: Page): Promise<string | null> {
  const png = PNG.sync.read(await page.getByTestId('gift-qr').screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

test.describe('with JavaScript', () => {
  test('a recipient opens a demo gift in Spanish, scans its QR, switches to English, and finds the card and reminder', async ({ page, playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    const path = await giftPathOf(api, 'Merienda de horchata y fartons para dos', 'paid');
    const redeemedPath = await giftPathOf(api, 'Litro de horchata para la familia', 'redeemed');
    await api.dispose();
    const code = decodeURIComponent(path.split('/').pop()!);

    const response = await page.goto(path);
    expect(response!.headers()['cache-control']).toBe('private, no-store');
    expect(response!.headers()['x-robots-tag']).toContain('noindex');
    expect(response!.headers()['referrer-policy']).toBe('same-origin');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Carmen Martínez, tienes un regalo' })).toBeVisible();
    await expect(page.getByText('De parte de Lucía')).toBeVisible();
    await expect(page.getByTestId('gift-status')).toHaveText('Estado: Listo para disfrutar');
    await expect(page.getByRole('img', { name: 'Código QR de este regalo, para que lo escanee el comercio' })).toBeVisible();
    // The code to read out at the counter: 8 Crockford base32 characters in two groups, not part of the link.
    await expect(page.getByTestId('typed-code')).toHaveText(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    await expect(page.getByTestId('typed-code')).not.toHaveText(code.slice(-8));
    await expect(page.getByRole('heading', { level: 2, name: 'Merienda de horchata y fartons para dos' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/search\?query=/);
    expect(await scanQr(page)).toBe(`${baseURL}/g/${code}`);
    await expect(page.locator('script')).toHaveCount(0);
    await expect(page.getByText('€')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(`${path}?lang=en`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Carmen Martínez, you have a gift' })).toBeVisible();
    await expect(page.getByTestId('gift-status')).toHaveText('Status: Ready to enjoy');
    await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    await expectNoSeriousA11yViolations(page);

    const calendar = await page.request.get(await page.getByRole('link', { name: 'Add a reminder to my calendar' }).getAttribute('href') as string);
    expect(calendar.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await calendar.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);

    await page.getByRole('link', { name: 'Printable card' }).click();
    await expect(page).toHaveURL(`${path}/print?lang=en`);
    await expect(page.getByRole('heading', { level: 1, name: 'A gift for Carmen' })).toBeVisible();
    expect(await scanQr(page)).toBe(`${baseURL}/g/${code}`);
    // The whole card, shown at 35 %: the QR's 4-module quiet zone keeps the border and the
    // text around it from spoiling the scan (with 2 modules it stopped decoding here).
    await page.evaluate(() => {
      document.documentElement.style.zoom = '0.35';
    });
    const card = PNG.sync.read(await page.locator('.print-card').screenshot());
    expect(jsQR(new Uint8ClampedArray(card.data), card.width, card.height)?.data).toBe(`${baseURL}/g/${code}`);
    await page.evaluate(() => {
      document.documentElement.style.zoom = '';
    });
    await expectNoSeriousA11yViolations(page);
    // One card: Chromium prints it on a single A6 page (105 × 148 mm = 297.6 × 419.5 pt);
    // with `size: A6`, which is not CSS, it fell back to Letter.
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page\b(?!s)/g)).toHaveLength(1);
    const [width, height] = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf)!.slice(1).map(Number);
    expect(Math.abs(width! - 297.6)).toBeLessThan(1.5);
    expect(Math.abs(height! - 419.5)).toBeLessThan(1.5);
    // A Print button instead of "Ctrl+P", which a phone does not have.
    await page.evaluate(() => {
      window.print = () => document.documentElement.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-printed', 'yes');
    await expect(page.getByText('Ctrl+P')).toHaveCount(0);
    await expect(page.getByText("use your browser's Print or Share menu")).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('link', { name: 'Back to the gift page' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'A gift for Carmen' })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('link', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Un regalo para Carmen' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The language picked here follows the person to the web app (the browser here is English).
    await page.goto('/privacy');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();

    await page.goto(redeemedPath);
    await expect(page.getByTestId('gift-status')).toHaveText('Estado: Ya disfrutado');
    await expect(page.getByTestId('gift-qr')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('an unknown code gets a friendly page in the browser’s language', async ({ page }) => {
    const response = await page.goto('/g/this-is-not-a-real-gift-code-at-all-000000?lang=es');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'No encontramos este regalo' })).toBeVisible();
    await page.getByRole('link', { name: 'Probar con otro enlace o código' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Abre tu regalo' })).toBeVisible();
  });
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the gift page is complete: QR, typed code and status', async ({ page, playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    const path = await giftPathOf(api, 'Bono de verano: diez horchatas', 'paid');
    await api.dispose();
    await page.goto(path);
    // This order's recipient reads English.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('img', { name: 'QR code of this gift, for the business to scan' })).toBeVisible();
    await expect(page.getByTestId('gift-status')).toHaveText('Status: Ready to enjoy');
    await expect(page.getByTestId('typed-code')).toHaveText(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    await page.getByRole('link', { name: 'Español' }).click();
    await expect(page.getByTestId('gift-status')).toHaveText('Estado: Listo para disfrutar');
    // The print card without JavaScript: no dead button, the browser's menu named instead.
    await page.getByRole('link', { name: 'Tarjeta para imprimir' }).click();
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
    await expect(page.getByText('usa la opción Imprimir o Compartir de tu navegador')).toBeVisible();
  });
});

for (const { locale, redeem, title, label, submit, greeting } of [
  { locale: 'es-ES', redeem: 'Abre tu regalo', title: 'Abre tu regalo', label: 'El enlace o el código de tu regalo', submit: 'Abrir mi regalo', greeting: 'Carmen Martínez, tienes un regalo' },
  { locale: 'en-GB', redeem: 'Open your gift', title: 'Open your gift', label: 'Your gift link or code', submit: 'Open my gift', greeting: 'Carmen Martínez, you have a gift' },
]) {
  test.describe(`from the landing page (${locale}, 390 px)`, () => {
    test.use({ locale, viewport: { width: 390, height: 844 } });

    test('"Open your gift" explains that no account is needed and opens a pasted gift link', async ({ page, context, playwright, baseURL }) => {
      const api = await playwright.request.newContext({ baseURL });
      const path = await giftPathOf(api, 'Merienda de horchata y fartons para dos', 'paid');
      await api.dispose();
      await hideCookieBanner(context, baseURL!);

      await page.goto('/');
      await page.locator('section[aria-labelledby="hero-title"]').getByRole('link', { name: redeem }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoSeriousA11yViolations(page);

      await page.getByLabel(label).fill(`${baseURL}${path}`);
      await page.getByRole('button', { name: submit, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}\\?lang=${locale.slice(0, 2)}$`));
      await expect(page.getByRole('heading', { level: 1, name: greeting })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
}
