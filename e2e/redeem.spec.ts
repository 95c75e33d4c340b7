import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, devices, expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations as scan } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { writeQrVideo } from './support/fake-camera';
import { linkIn, waitForMail } from './support/mailbox';
import { buyGift } from './support/orders';

/**
 * Redemption at the counter, in Spanish on a phone, as the demo owner: each test buys its
 * own fresh gift at the demo business, so parallel journeys never share an order.
 */
const OWNER_EMAIL = 'owner@demo.regalo.test';
const OWNER_PASSWORD = 'regalo-demo-2026';
const BUSINESS_NAME = 'Orxateria La Palmera';

/**
 * A new, confirmed and signed-in giver on `request`. (support/orders.ts's createConsumer
 * follows the confirmation link's redirect to /app without asking for HTML, which the
 * server answers 404; the confirmation itself is the 302 that sets the session cookie.)
 */
async function signUpGiver(request: APIRequestContext, baseURL: string) {
  const origin = new URL(baseURL).origin;
  const email = `redeem-giver.${Date.now().toString(36)}.${test.info().workerIndex}@example.test`;
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers: { origin, 'x-regalo-locale': 'es' },
    data: { name: 'Clara Puig', email, password: 'regalo-e2e-giver-2026', callbackURL: '/app' },
  });
  expect(signUp.ok(), `sign-up answered ${signUp.status()}`).toBe(true);
  const link = linkIn(await waitForMail(request, { to: email }), '/api/auth/verify-email');
  const confirmed = await request.get(link, { maxRedirects: 0 });
  expect(confirmed.status(), 'the confirmation link signs the giver in').toBe(302);
  expect((await request.get('/api/my/orders')).status()).toBe(200);
}

/** A fresh paid gift at the demo owner's business, bought through checkout by a new giver. */
async function freshGift(request: APIRequestContext, baseURL: string, recipientName = 'Marta Soler') {
  await signUpGiver(request, baseURL);
  const catalogue = await request.get(`/api/catalog/gifts?q=${encodeURIComponent('Merienda de horchata')}`);
  const { items } = (await catalogue.json()) as { items: { id: string; business: { name: string } }[] };
  const gift = items.find((item) => item.business.name === BUSINESS_NAME);
  expect(gift, `a gift of ${BUSINESS_NAME} in the catalogue`).toBeDefined();
  return buyGift(request, { giftId: gift!.id, recipientName });
}

// Toasts come and go mid-scan and belong to the shared toaster, not to this screen.
const expectNoSeriousA11yViolations = (page: Page) => scan(page, { exclude: ['[data-sonner-toaster]'] });

async function openRedeemAsOwner(page: Page, context: BrowserContext, baseURL: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  await hideCookieBanner(context, baseURL);
  await page.goto('/auth');
  await page.getByLabel('Correo electrónico').fill(OWNER_EMAIL);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  // Where the installed app starts (manifest start_url).
  await page.goto('/business/dashboard?tab=redeem');
  await expect(page.getByRole('heading', { level: 1, name: BUSINESS_NAME })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Canjear' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Canjear un regalo' })).toBeVisible();
}

test('the owner types the code under the QR, redeems the gift once, and a second try is refused', async ({ page, context, baseURL, request }) => {
  test.setTimeout(120_000);
  // A name of its own, to find this order among the demo business's others.
  const recipient = `Marta Soler ${Date.now().toString(36)}`;
  const gift = await freshGift(request, baseURL!, recipient);
  // As a person types what is read out to them: small letters, no dash.
  const typed = gift.typedCode.toLowerCase().replace('-', '');
  await openRedeemAsOwner(page, context, baseURL!);
  // The dashboard links the business app's manifest.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expectNoSeriousA11yViolations(page);

  // Keyboard only: type, Enter, and focus lands on the card; Tab reaches the confirmation.
  const field = page.getByLabel('Código bajo el QR (por ejemplo K7QD-M2XA)');
  await field.fill(typed);
  await field.press('Enter');
  const card = page.getByTestId('redeem-card');
  await expect(card.getByRole('heading', { name: 'Comprueba el regalo' })).toBeFocused();
  await expect(card).toContainText('Listo para canjear');
  await expect(card).toContainText('Merienda de horchata y fartons para dos');
  await expect(card).toContainText(recipient);
  // The counter is not shown any code back: it is the recipient's.
  await expect(card).not.toContainText(gift.typedCode);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Confirmar el canje' })).toBeFocused();

  // The signal drops at the counter: nothing is marked redeemed, the same call is offered again.
  await context.setOffline(true);
  await page.keyboard.press('Enter');
  await expect(card.getByRole('alert')).toContainText('Sin conexión. No se ha canjeado nada.');
  await expect(card).toContainText('Listo para canjear');
  await context.setOffline(false);
  await card.getByRole('button', { name: 'Reintentar' }).click();

  const success = page.getByTestId('redeem-success');
  await expect(success.getByRole('heading', { name: 'Regalo canjeado' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // The same code again: refused with the date it was redeemed, and no way to confirm.
  await success.getByRole('button', { name: 'Canjear otro regalo' }).click();
  await expect(field).toBeFocused();
  await field.fill(gift.typedCode);
  await page.getByRole('button', { name: 'Buscar regalo' }).click();
  await expect(card.getByRole('alert')).toContainText(/Este regalo ya se canjeó el \d{1,2} \S+ \d{4}, \d{2}:\d{2}/);
  await expect(card).toContainText('Ya canjeado');
  await expect(card.getByRole('button', { name: 'Confirmar el canje' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // And the server refuses a second redemption outright.
  const again = await page.request.post('/api/business/redemptions', {
    data: { code: gift.code },
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).code).toBe('order_already_redeemed');

  // The orders tab shows it redeemed.
  await page.getByRole('tab', { name: 'Pedidos' }).click();
  const orderCard = page.getByTestId('order-card').filter({ hasText: recipient });
  await expect(orderCard).toHaveCount(1);
  await expect(orderCard).toContainText('Canjeado');
  // The owner's lists show nothing that would redeem a gift (issue 27, finding 4).
  await expect(orderCard).not.toContainText(gift.typedCode);
  await expect(orderCard).not.toContainText(gift.code.slice(-8));

  // The dashboard installed the business app's service worker, and its shell opens offline.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
  await context.setOffline(true);
  await page.goto('/business/dashboard?tab=redeem');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  await context.setOffline(false);
});

test('the owner scans the gift’s QR code with the phone camera', async ({ baseURL, request }, testInfo) => {
  test.setTimeout(120_000);
  const gift = await freshGift(request, baseURL!);
  const video = testInfo.outputPath('gift-qr.y4m');
  mkdirSync(path.dirname(video), { recursive: true });
  await writeQrVideo(gift.giftUrl, video);

  // A browser of its own whose camera films the gift page's QR code.
  const launchArgs = testInfo.project.use.launchOptions?.args ?? [];
  const browser = await chromium.launch({
    executablePath: testInfo.project.use.launchOptions?.executablePath,
    args: [
      ...launchArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'], baseURL, permissions: ['camera'] });
    const page = await context.newPage();
    await openRedeemAsOwner(page, context, baseURL!);
    // Focus must move to the camera's stop button while it scans. A fast scan can find the gift
    // (and remove that button) before a check could look, so every focus change is recorded.
    await page.evaluate(() => {
      const focused: string[] = [];
      (window as unknown as { focusedButtons: string[] }).focusedButtons = focused;
      document.addEventListener('focusin', (event) => {
        const target = event.target as HTMLElement;
        if (target.tagName === 'BUTTON') focused.push(target.textContent?.trim() ?? '');
      });
    });
    await page.getByRole('button', { name: 'Escanear QR' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { focusedButtons: string[] }).focusedButtons))
      .toContain('Detener la cámara');
    const card = page.getByTestId('redeem-card');
    await expect(card).toContainText('Listo para canjear', { timeout: 20_000 });
    await expect(card).toContainText('Marta Soler');
    await card.getByRole('button', { name: 'Confirmar el canje' }).click();
    await expect(page.getByRole('heading', { name: 'Regalo canjeado' })).toBeVisible();
    // The scanned gift URL now finds it redeemed.
    const lookup = await page.request.post('/api/business/redemptions/lookup', {
      data: { code: gift.giftUrl },
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(await lookup.json()).toMatchObject({ orderId: gift.orderId, status: 'redeemed' });
  } finally {
    await browser.close();
  }
});
