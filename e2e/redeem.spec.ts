import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, devices, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations as scan } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { writeQrVideo } from './support/fake-camera';
import { expect, signInAs, test, useLanguage, type TestAccount } from './support/fixtures';
import { buyGift } from './support/orders';

/**
 * Redemption at the counter, in Spanish on a phone, as an owner of the test's own (the
 * `owner` fixture: a business like the demo owner's): a giver of the test's own (the `giver`
 * fixture) buys a fresh gift there through checkout, so no journey shares an order and the
 * demo business's orders stay as the seed made them.
 */
test.use({ language: 'es' });

/** A fresh paid gift at the owner's business, bought through checkout by the test's giver. */
async function freshGift(request: APIRequestContext, giver: TestAccount, owner: TestAccount, recipientName = 'Marta Soler') {
  await signInAs(request, giver);
  return buyGift(request, { giftId: owner.business!.gifts[0]!.id, recipientName });
}

// Toasts come and go mid-scan and belong to the shared toaster, not to this screen.
const expectNoSeriousA11yViolations = (page: Page) => scan(page, { exclude: ['[data-sonner-toaster]'] });

async function openRedeemAsOwner(page: Page, context: BrowserContext, baseURL: string, owner: TestAccount) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await hideCookieBanner(context, baseURL);
  await page.goto('/auth');
  await page.getByLabel('Correo electrónico').fill(owner.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  // Where the installed app starts (manifest start_url).
  await page.goto('/business/dashboard?tab=redeem');
  await expect(page.getByRole('heading', { level: 1, name: owner.business!.name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Canjear' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Canjear un regalo' })).toBeVisible();
}

test('the owner types the code under the QR, redeems the gift once, and a second try is refused', async ({ page, context, baseURL, request, giver, owner }) => {
  // A name of its own, to find this order among the business's others.
  const recipient = `Marta Soler ${Date.now().toString(36)}`;
  const gift = await freshGift(request, giver, owner, recipient);
  // As a person types what is read out to them: small letters, no dash.
  const typed = gift.typedCode.toLowerCase().replace('-', '');
  await openRedeemAsOwner(page, context, baseURL!, owner);
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
  await expect(card).toContainText(owner.business!.gifts[0]!.name);
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
  // The owner's lists show nothing that would redeem a gift (ADR 055).
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

test('the owner scans the gift’s QR code with the phone camera', async ({ baseURL, request, giver, owner }, testInfo) => {
  const gift = await freshGift(request, giver, owner);
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
    await useLanguage(page, 'es');
    await openRedeemAsOwner(page, context, baseURL!, owner);
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
