import { devices, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations as scan } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test, useLanguage } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';
import { typedCodeOn } from './support/orders';

test.use({ language: 'es' });

// Toasts come and go mid-scan and belong to the shared toaster, not to the screen scanned.
const expectNoSeriousA11yViolations = (page: Page) => scan(page, { exclude: ['[data-sonner-toaster]'] });

/*
 * A business's own gift card (ADR 104), in Spanish on a phone: the owner offers a card in the
 * gifts tab, a guest buys 50 € of it for a recipient, the owner spends 18,40 € at the counter
 * with the code typed from the gift page, the gift page shows the 31,60 € left and the use, and
 * the month's statement lists the use; the Regalo team finds the card by its typed code and
 * reads its movements.
 */
test('the owner offers a card, a guest buys 50 €, 18,40 € is spent at the counter, the gift page and the statement show it', async ({
  page,
  context,
  baseURL,
  browser,
  owner,
  admin,
}) => {
  test.setTimeout(150_000);
  const stamp = `${Date.now().toString(36)}.${test.info().workerIndex}`;
  const cardName = `Tarjeta regalo La Palmera ${stamp}`;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await hideCookieBanner(context, baseURL!);
  await signInAs(page, owner);

  // The owner offers a card: from 10 € to 200 €.
  await page.goto('/business/dashboard?tab=gifts');
  await expect(page.getByRole('tab', { name: 'Regalos' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Nueva tarjeta regalo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear una tarjeta regalo' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Nombre', exact: true }).first().fill(cardName);
  await dialog.getByLabel('Importe mínimo en euros').fill('10');
  await dialog.getByLabel('Importe máximo en euros').fill('200');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Crear tarjeta regalo' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(cardName).first()).toBeVisible();

  // A guest, in a browser of their own, buys 50 € of it for Marta with the test payment.
  let typedCode: string;
  const guestContext = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  try {
    await hideCookieBanner(guestContext, baseURL!);
    const guest = await guestContext.newPage();
    await useLanguage(guest, 'es');
    const recipientEmail = `marta.${stamp}@example.test`;
    await guest.goto(`/gifts?lang=es&q=${encodeURIComponent(cardName)}`);
    await guest.getByRole('link', { name: cardName }).first().click();
    await guest.getByRole('link', { name: 'Enviar este regalo' }).click();
    await expect(guest).toHaveURL(/\/checkout$/);
    const details = guest.getByTestId('guest-details');
    await details.getByLabel('Tu nombre').fill('Núria Soler');
    await details.getByLabel('Tu correo electrónico').fill(`nuria.${stamp}@example.test`);
    const line = guest.getByTestId('checkout-line');
    await line.getByLabel('Importe de la tarjeta regalo').fill('50');
    await line.getByLabel('Nombre de quien lo recibe').fill('Marta Soler');
    await line.getByLabel('Correo de quien lo recibe').fill(recipientEmail);
    await guest.getByRole('button', { name: /^Ir al pago/ }).click();
    await expect(guest).toHaveURL(/\/checkout\/[^/]+\/pay$/);
    await guest.getByRole('button', { name: /^Pagar .+ \(prueba\)$/ }).click();
    await expect(guest.getByRole('heading', { level: 1, name: '¡Gracias! Tu regalo está en camino' })).toBeVisible();

    // The recipient's mail holds the gift page; the code under its QR is what is read out.
    const giftMail = await waitForMail(guest.request, { to: recipientEmail });
    // The mail's first gift link may be a wallet's (/g/<code>/wallet/…): the page is /g/<code>.
    const giftPath = `/g/${new URL(linkIn(giftMail, '/g/')).pathname.split('/')[2]}`;
    typedCode = await typedCodeOn(guest.request, giftPath);

    // At the counter: the typed code, as a person types it, finds the card and its 50 € balance.
    await page.goto('/business/dashboard?tab=redeem');
    await expect(page.getByRole('heading', { name: 'Canjear un regalo' })).toBeVisible();
    const field = page.getByLabel('Código bajo el QR (por ejemplo K7QD-M2XA)');
    await field.fill(typedCode.toLowerCase().replace('-', ''));
    await field.press('Enter');
    await expect(page.getByTestId('card-balance')).toHaveText(/^Saldo: 50,00\s€$/);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Importe que se gasta (€)').fill('18,40');
    await page.getByRole('button', { name: 'Cobrar este importe' }).click();
    const success = page.getByTestId('redeem-success');
    await expect(success.getByRole('heading', { name: /^Cobrados 18,40\s€$/ })).toBeVisible();
    await expect(success.getByTestId('card-balance-left')).toHaveText(/^Saldo restante: 31,60\s€$/);
    await expectNoSeriousA11yViolations(page);

    // The gift page: the balance in large type and the use, with the balance after it.
    await guest.goto(giftPath);
    await expect(guest.getByTestId('card-balance')).toHaveText(/^Saldo: 31,60\s€$/);
    const use = guest.getByTestId('card-uses').locator('tbody tr');
    await expect(use).toHaveCount(1);
    await expect(use.locator('td').nth(1)).toHaveText(/^18,40\s€$/);
    await expect(use.locator('td').nth(2)).toHaveText(/^31,60\s€$/);
    await expectNoSeriousA11yViolations(guest);
  } finally {
    await guestContext.close();
  }

  // The month's statement lists the use, and what the card's holder may still spend.
  await page.goto('/business/dashboard?tab=payouts');
  const statement = page.locator('.statement-print');
  const used = statement.getByTestId('stacked-line').filter({ hasText: 'Uso de tarjeta regalo' });
  await expect(used).toHaveCount(1);
  await expect(used).toContainText(cardName);
  await expect(used).toContainText(/18,40\s€/);
  await expect(statement.getByTestId('statement-card-balance')).toHaveText(/^Pendiente de gastar en tus tarjetas regalo: 31,60\s€$/);

  // The Regalo team finds the card by its typed code and reads its movements.
  const teamContext = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  try {
    await hideCookieBanner(teamContext, baseURL!);
    const team = await teamContext.newPage();
    await useLanguage(team, 'es');
    await team.emulateMedia({ reducedMotion: 'reduce' });
    await signInAs(team, admin);
    await team.goto('/admin?tab=orders');
    await team.getByLabel('El código termina en').fill(typedCode);
    await team.getByRole('button', { name: 'Buscar', exact: true }).click();
    await team.getByRole('button', { name: 'Movimientos de la tarjeta' }).click();
    const movements = team.getByTestId('card-movements');
    await expect(movements.getByTestId('card-balance')).toHaveText(/^Saldo: 31,60\s€$/);
    await expect(movements.getByTestId('card-movement')).toHaveCount(2);
    await expectNoSeriousA11yViolations(team);
  } finally {
    await teamContext.close();
  }
});
