import { devices, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations as scan } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test, useLanguage, type TestAccount } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';

/**
 * Checkout in Spanish on a phone, with the test payment provider. Each test has its own
 * giver (the `giver` fixture) and buys from a business of its own shaped like the demo
 * owner's (the `owner` fixture): the horchata for two (9,50 €, valid 180 days) and the
 * horchata tasting (18,00 €, valid 365 days), so no demo business's orders change;
 * recipients are named uniquely, so parallel runs never read each other's mail.
 */
test.use({ language: 'es' });

// Toasts come and go mid-scan and belong to the shared toaster, not to these pages.
const expectNoSeriousA11yViolations = (page: Page) => scan(page, { exclude: ['[data-sonner-toaster]'] });

/** The giver signed in on the page (the browser shares the cookies). */
async function prepare(page: Page, baseURL: string, giver: TestAccount) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await hideCookieBanner(page.context(), baseURL);
  await signInAs(page, giver);
}

async function addGift(page: Page, giftName: string) {
  await page.getByLabel('Buscar regalos').fill(giftName);
  const card = page.getByRole('listitem').filter({ hasText: giftName });
  await expect(page.getByTestId('gift-price')).toHaveCount(1);
  await card.getByRole('button', { name: /Añadir al carrito/ }).click();
}

test('a giver buys two gifts for two people, one from contacts and one for tomorrow', async ({ page, browser, baseURL, giver, owner: shop }) => {
  const run = `${Date.now()}-${test.info().workerIndex}`;
  const [HORCHATA, TASTING] = [shop.business!.gifts[0]!.name, shop.business!.gifts[3]!.name];
  await prepare(page, baseURL!, giver);
  const marta = { name: `Marta Ribes ${run}`, email: `marta.${run}@example.test` };
  const jordi = { name: `Jordi Pons ${run}`, email: `jordi.${run}@example.test` };

  // A contact, then "send a gift" to her: the next gift chosen is hers (and says so).
  await page.goto('/app?tab=contacts');
  await page.getByRole('button', { name: 'Nuevo contacto' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo contacto' });
  await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill(marta.name);
  await form.getByLabel('Correo electrónico').fill(marta.email);
  await form.getByRole('button', { name: 'Añadir contacto' }).click();
  await expect(form).toBeHidden();
  await page.getByRole('button', { name: `Enviar un regalo a ${marta.name}` }).click();
  await expect(page.getByRole('tab', { name: 'Regalos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('starting-for')).toContainText(`Elige un regalo para ${marta.name}`);
  await addGift(page, HORCHATA);
  await expect(page.getByTestId('starting-for')).toBeHidden();
  await addGift(page, TASTING);
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // Checkout: the first line is Marta's, the second is filled in here, for tomorrow.
  await page.getByRole('link', { name: 'Finalizar compra' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();
  const [first, second] = [page.getByTestId('checkout-line').nth(0), page.getByTestId('checkout-line').nth(1)];
  await expect(first.getByLabel('Elegir entre tus contactos')).toHaveValue(/.+/);
  await expect(first.getByLabel('Nombre de quien lo recibe')).toHaveValue(marta.name);
  await expect(first.getByLabel('Correo de quien lo recibe')).toHaveValue(marta.email);
  await expect(page.getByTestId('checkout-total')).toHaveText(/^27,50\s€$/);
  await expect(page.getByText('Los precios incluyen el IVA.')).toBeVisible();
  await expect(page.getByTestId('checkout-summary')).toContainText('Válido durante 180 días: hasta el');

  // Nothing is sent while a line is incomplete; the errors say what is missing, in Spanish.
  await page.getByRole('button', { name: /^Ir al pago/ }).click();
  await expect(second.getByText('Rellena este campo')).toBeVisible();
  await expect(second.getByText('Indica un correo o un teléfono (o ambos)')).toBeVisible();
  await expect(second.getByLabel('Nombre de quien lo recibe')).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await second.getByLabel('Nombre de quien lo recibe').fill(jordi.name);
  await second.getByLabel('Correo de quien lo recibe').fill(jordi.email);
  await second.getByLabel('Teléfono de quien lo recibe').fill('+34 612 345 678');
  await second.getByLabel('Mensaje personal (opcional)').fill('¡Feliz cumpleaños!');
  await expect(second.getByText('18 de 500 caracteres')).toBeVisible();
  await second.getByLabel('Idioma de su regalo').selectOption('en');
  // Keyboard only: the arrow key moves the delivery choice to "on a date and time".
  await second.getByLabel('Justo después del pago').focus();
  await page.keyboard.press('ArrowDown');
  await expect(second.getByLabel('En una fecha y hora')).toBeChecked();
  await expect(second.getByLabel('Hora', { exact: true })).toHaveValue('10:00');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: /^Ir al pago · 27,50\s€$/ }).click();

  // The test payment page: unmistakably a test.
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/pay$/);
  await expect(page.getByTestId('test-payment-banner')).toContainText('Pago de prueba');
  await expect(page.getByTestId('test-payment-banner')).toContainText('no se mueve dinero');
  await expect(page.getByTestId('pay-amount')).toHaveText(/^27,50\s€$/);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: /^Pagar 27,50\s€ \(prueba\)$/ }).click();

  // The return page: paid, who gets what and when; the cart is empty now.
  await expect(page.getByRole('heading', { name: '¡Gracias! Tus regalos están en camino' })).toBeVisible();
  const lines = page.getByTestId('checkout-lines').getByRole('listitem');
  await expect(lines.filter({ hasText: marta.name })).toContainText('Se entrega por correo ahora mismo');
  await expect(lines.filter({ hasText: jordi.name })).toContainText(/Se entrega por correo el \d{1,2} \w+ \d{4}, 10:00/);

  // Marta's email arrives with her gift page link.
  const mail = await waitForMail(page.request, { to: marta.email });
  const giftLink = linkIn(mail, '/g/');
  expect(new URL(giftLink).pathname).toMatch(/^\/g\/[A-Za-z0-9_-]{22,}$/);

  // My orders: the same link; Jordi's gift is scheduled and can still change.
  await page.getByRole('link', { name: 'Ver mis pedidos' }).click();
  await expect(page.getByRole('tab', { name: 'Mis pedidos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  const martaOrder = page.getByTestId('my-order').filter({ hasText: marta.name });
  const jordiOrder = page.getByTestId('my-order').filter({ hasText: jordi.name });
  await expect(martaOrder.getByText('Pagado')).toBeVisible();
  await expect(martaOrder.getByRole('link', { name: 'Abrir la página del regalo' })).toHaveAttribute('href', new URL(giftLink).pathname);
  await expect(martaOrder.getByTestId('delivery-state')).toContainText('Entregado el');
  await expect(jordiOrder.getByTestId('delivery-state')).toContainText(/Se entregará el .*10:00/);
  const share = jordiOrder.getByRole('link', { name: /Compartir por WhatsApp/ });
  const shareUrl = new URL((await share.getAttribute('href'))!);
  expect(shareUrl.origin + shareUrl.pathname).toBe('https://wa.me/34612345678');
  // Jordi's gift is in English: so is the message prefilled for him.
  expect(shareUrl.searchParams.get('text')).toMatch(new RegExp(`^Hi Jordi Pons .*! Lucía has sent you a gift on Regalo: ${TASTING}`));
  await expectNoSeriousA11yViolations(page);

  // Changing Jordi's delivery: a dialog that gives focus back to its button.
  const change = jordiOrder.getByRole('button', { name: `Cambiar la entrega para ${jordi.name}` });
  await change.click();
  const dialog = page.getByRole('dialog', { name: `Cambiar la entrega para ${jordi.name}` });
  await dialog.getByLabel('Hora', { exact: true }).selectOption('18:00');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(change).toBeFocused();
  await expect(jordiOrder.getByTestId('delivery-state')).toContainText('18:00');

  // The business sees the order with its commission and net amount.
  const owner = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  try {
    const ownerPage = await owner.newPage();
    await useLanguage(ownerPage, 'es');
    await hideCookieBanner(owner, baseURL!);
    await signInAs(ownerPage, shop);
    await ownerPage.goto('/business/dashboard?tab=orders');
    const sold = ownerPage.getByTestId('order-card').filter({ hasText: marta.name });
    await expect(sold).toBeVisible();
    await expect(sold).toContainText(HORCHATA);
    // Like Orxateria La Palmera, it pays 8 %: 0,76 € of 9,50 €, plus its 21 % IVA (0,16 €), leaves
    // 8,58 € for the shop (ADR 053).
    await expect(sold.getByTestId('order-commission')).toHaveText(/^0,76\s€ \(8\s%\)$/);
    await expect(sold.getByTestId('order-net')).toHaveText(/^8,58\s€$/);
  } finally {
    await owner.close();
  }
});

test('a failed test payment keeps the cart, and trying again starts a new payment', async ({ page, baseURL, giver, owner: shop }) => {
  const run = `${Date.now()}-${test.info().workerIndex}`;
  await prepare(page, baseURL!, giver);
  await page.goto('/app?tab=gifts');
  await addGift(page, shop.business!.gifts[0]!.name);
  await page.getByRole('link', { name: 'Finalizar compra' }).click();
  const line = page.getByTestId('checkout-line').first();
  await line.getByLabel('Nombre de quien lo recibe').fill(`Amparo ${run}`);
  await line.getByLabel('Teléfono de quien lo recibe').fill('612 000 111');
  await page.getByRole('button', { name: /^Ir al pago/ }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/pay$/);
  const failedUrl = page.url();

  await page.getByRole('button', { name: 'Hacer que el pago falle (prueba)' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'El pago no se ha completado' })).toBeVisible();
  await expect(page.getByText('No se ha cobrado nada. Guardamos tu carrito')).toBeVisible();

  await page.getByRole('link', { name: 'Volver a intentarlo' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  await expect(line.getByLabel('Nombre de quien lo recibe')).toHaveValue(`Amparo ${run}`);
  await page.getByRole('button', { name: /^Ir al pago/ }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/pay$/);
  expect(page.url()).not.toBe(failedUrl);
  await expect(page.getByRole('button', { name: /^Pagar 9,50\s€ \(prueba\)$/ })).toBeVisible();

  // Cancelling says so (not "expired"), and the cart stays.
  await page.getByRole('button', { name: 'Cancelar el pago (prueba)' }).click();
  await expect(page.getByRole('heading', { name: 'Has cancelado el pago' })).toBeVisible();
  await expect(page.getByText('Este pago ha caducado')).toHaveCount(0);
  await page.getByRole('link', { name: 'Volver a intentarlo' }).click();
  await page.getByRole('button', { name: /^Ir al pago/ }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/pay$/);
  const openUrl = new URL(page.url()).pathname;

  // Leaving without paying keeps the cart too.
  await page.goto('/app?tab=gifts');
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // "My orders" holds no ghost of the failed and cancelled tries: one purchase waiting for
  // payment, the open one, to pay or to discard.
  await page.goto('/app?tab=orders');
  const pending = page.getByTestId('pending-purchase');
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText(`para Amparo ${run}`);
  await expect(page.getByTestId('my-order')).toHaveCount(0);
  await expect(page.getByText('Sin pagar', { exact: true })).toHaveCount(1);
  expect(new URL((await pending.getByRole('link', { name: 'Pagar ahora' }).getAttribute('href'))!).pathname).toBe(openUrl);
  await expectNoSeriousA11yViolations(page);
  await pending.getByRole('button', { name: /^Descartar la compra iniciada el / }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Compra descartada. No se ha cobrado nada.')).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(page.getByText('Aún no tienes pedidos')).toBeVisible();
});
