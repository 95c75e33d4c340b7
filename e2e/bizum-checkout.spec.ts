import { expectNoSeriousA11yViolations } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, test } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';

test.use({ language: 'es' });

/*
 * Bizum at checkout (ADR 106), in Spanish: a guest pays with "Bizum (prueba)" and leaves the
 * payment waiting for the bank; the thank-you page says it is waiting; back on the test page
 * the bank confirms; the thank-you page, the receipt and the purchase page say "Pagado con
 * Bizum"; the recipient's gift page offers both wallets and the Apple pass downloads.
 */
test('a guest pays with Bizum (test), waits for the bank, the receipt names Bizum, and the recipient can keep the gift in a wallet', async ({ page, baseURL, owner }) => {
  test.setTimeout(150_000);
  await hideCookieBanner(page.context(), baseURL!);
  const gift = owner.business!.gifts[0]!;
  const stamp = `${Date.now().toString(36)}.${test.info().workerIndex}`;
  const guestEmail = `nuria.${stamp}@example.test`;
  const recipientEmail = `vicent.${stamp}@example.test`;

  await page.goto(`/gifts?lang=es&q=${encodeURIComponent(gift.name)}`);
  await page.getByRole('link', { name: gift.name }).first().click();
  await page.getByRole('link', { name: 'Enviar este regalo' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const guest = page.getByTestId('guest-details');
  await guest.getByLabel('Tu nombre').fill('Núria Soler');
  await guest.getByLabel('Tu correo electrónico').fill(guestEmail);
  const line = page.getByTestId('checkout-line');
  await line.getByLabel('Nombre de quien lo recibe').fill('Vicent');
  await line.getByLabel('Correo de quien lo recibe').fill(recipientEmail);
  await page.getByRole('button', { name: /^Ir al pago/ }).click();

  // The test page: the card and "Bizum (prueba)", each a labelled group.
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/pay$/);
  const bizum = page.getByRole('group', { name: 'Bizum (prueba)' });
  await expect(bizum).toBeVisible();
  await expect(page.getByRole('group', { name: 'Tarjeta (prueba)' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await bizum.getByRole('button', { name: 'Bizum: dejarlo esperando al banco (prueba)' }).click();

  // Waiting for the bank: said so, and nothing sent yet.
  await expect(page.getByRole('heading', { level: 1, name: 'Esperando a tu banco…' })).toBeVisible();
  await expect(page.getByText('Has autorizado el pago con Bizum', { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Back on the test page, the bank's answers; it confirms.
  await page.getByRole('link', { name: 'Volver a la página de pago' }).click();
  const bank = page.getByRole('group', { name: /el pago espera al banco/ });
  await expect(bank).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await bank.getByRole('button', { name: /^El banco confirma .+ \(prueba\)$/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: '¡Gracias! Tu regalo está en camino' })).toBeVisible();
  await expect(page.getByTestId('paid-with')).toHaveText('Pagado con Bizum');

  const receipt = await waitForMail(page.request, { to: guestEmail });
  expect(receipt.text).toContain('Pagado con Bizum.');

  await page.getByRole('link', { name: 'Ver esta compra' }).click();
  await expect(page).toHaveURL(/\/purchase\/[^/]+$/);
  await expect(page.getByTestId('purchase-paid-with')).toHaveText('Pagado con Bizum');

  // The gift paid with Bizum reaches Vicent, whose gift page offers both wallets; the pass
  // downloads as Wallet's type.
  const giftMail = await waitForMail(page.request, { to: recipientEmail });
  // The mail's first gift link may be a wallet's (/g/<code>/wallet/…): the page is /g/<code>.
  await page.goto(`/g/${new URL(linkIn(giftMail, '/g/')).pathname.split('/')[2]}`);
  const wallet = page.getByTestId('wallet-buttons');
  const apple = wallet.getByRole('link', { name: 'Añadir a Apple Wallet' });
  await expect(apple).toBeVisible();
  await expect(wallet.getByRole('link', { name: 'Añadir a Google Wallet' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const pass = await page.request.get((await apple.getAttribute('href'))!);
  expect(pass.status()).toBe(200);
  expect(pass.headers()['content-type']).toBe('application/vnd.apple.pkpass');
});
