import { baseURL } from '../playwright.config';
import { expectNoSeriousA11yViolations } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test } from './support/fixtures';
import { buyGift } from './support/orders';

test.use({ locale: 'es-ES' });

/*
 * A paella for two needs booking. The owner of a business of the journey's own
 * (the `signedInOwner` fixture, payouts connected) says how to book and when it is open (the server refuses an http link), and gives the gift
 * its conditions; the recipient's gift page shows them, with the phone as a link to call.
 */
test('the owner sets how to book and the recipient finds it on the gift page, with the phone to call', async ({ page, browser, signedInOwner: owner, giver }) => {
  const businessName = owner.business!.name;

  // The profile: phone, WhatsApp, booking link and opening hours.
  await page.goto('/business/dashboard?tab=profile');
  await page.getByLabel('Teléfono').fill('963 12 34 56');
  await page.getByLabel('WhatsApp').fill('612 34 56 78');
  await page.getByLabel('Enlace para reservar').fill('http://reservas.arroceria.example/mesa');
  await page.getByLabel('Horario').fill('De martes a domingo, de 13:00 a 16:00');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Escribe una dirección segura que empiece por https://.')).toBeVisible();
  await page.getByLabel('Enlace para reservar').fill('reservas.arroceria.example/mesa');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Se han guardado los cambios.')).toBeVisible();
  await expect(page.getByLabel('WhatsApp')).toHaveValue('+34612345678');
  await expect(page.getByLabel('Enlace para reservar')).toHaveValue('https://reservas.arroceria.example/mesa');
  await expectNoSeriousA11yViolations(page);

  // The gift and its conditions.
  const giftName = `Paella reservada ${Date.now().toString(36)}`;
  await page.goto('/business/dashboard?tab=gifts');
  await page.getByRole('button', { name: /Crea tu primer regalo|Nuevo regalo/ }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre').fill(giftName);
  await dialog.getByLabel('Precio en euros').fill('48');
  await dialog.getByRole('switch', { name: 'Hay que reservar' }).click();
  await dialog.getByLabel('Para cuántas personas').fill('2');
  for (const day of ['lunes', 'martes', 'miércoles', 'jueves']) await dialog.getByRole('checkbox', { name: day }).click();
  await dialog.getByLabel('Otras condiciones').fill('No válido en festivos');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Crear regalo' }).click();
  await expect(page.getByText('Regalo creado.')).toBeVisible();
  const gifts = (await (await page.request.get('/api/business/gifts')).json()) as { items: { id: string; name: string }[] };
  const giftId = gifts.items.find((gift) => gift.name === giftName)!.id;

  // A giver buys it; the recipient opens the gift page with no account.
  const giverContext = await browser.newContext({ locale: 'es-ES', baseURL });
  await signInAs(giverContext.request, giver);
  const { giftUrl } = await buyGift(giverContext.request, { giftId, recipientName: 'Carmen', recipientLocale: 'es' });
  await giverContext.close();

  const recipientContext = await browser.newContext({ locale: 'es-ES', baseURL });
  await hideCookieBanner(recipientContext, baseURL);
  const recipient = await recipientContext.newPage();
  await recipient.goto(new URL(giftUrl).pathname);
  const conditions = recipient.getByTestId('gift-conditions');
  await expect(conditions.getByRole('listitem')).toHaveText(['Hay que reservar', 'Válido de lunes a jueves', 'Para 2 personas', 'No válido en festivos']);
  await expect(recipient.getByText(businessName).first()).toBeVisible();
  await expect(recipient.getByRole('link', { name: 'Llamar al +34 963 12 34 56' })).toHaveAttribute('href', 'tel:+34963123456');
  await expect(recipient.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/34612345678');
  await expect(recipient.getByRole('link', { name: 'Reservar en su web' })).toHaveAttribute('href', 'https://reservas.arroceria.example/mesa');
  await expect(recipient.getByTestId('opening-hours')).toHaveText('De martes a domingo, de 13:00 a 16:00');
  // Its business publishes no times: the gift is booked by phone, not stuck, so no way out is offered.
  await expect(recipient.getByTestId('way-out')).toHaveCount(0);
  await expectNoSeriousA11yViolations(recipient);
  await recipientContext.close();
});
