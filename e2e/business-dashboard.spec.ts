import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations as scan } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test } from './support/fixtures';
import { buyGift } from './support/orders';

/**
 * A business owner, in Spanish: sees the verified card, edits the profile with a new image,
 * creates a gift priced '19,90', edits it, takes it off sale, deletes another after
 * confirming, watches an order bought through checkout arrive without reloading, and reads
 * the analytics. Each tab is scanned with axe. The owner and the business are the test's own
 * (the `owner` fixture: a business like the demo owner's, with its gifts and a paid order), so
 * nothing a parallel journey reads changes.
 */
test.use({ language: 'es' });

// Toasts come and go mid-scan and belong to the shared toaster, not to this area.
const expectNoSeriousA11yViolations = (page: Page) => scan(page, { exclude: ['[data-sonner-toaster]'] });

async function openTab(page: Page, name: string, tab: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]tab=${tab}`));
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

const giftCard = (page: Page, name: string) => page.getByTestId('gift-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('an owner runs the business from the dashboard in Spanish', async ({ page, context, baseURL, request, owner, giver }) => {
  // A long journey with five axe scans on a busy two-core machine.
  test.setTimeout(150_000);
  const run = `${Date.now().toString(36)}${test.info().workerIndex}`;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await hideCookieBanner(context, baseURL!);
  // The orders tab polls with back-off; a controllable clock lets the journey skip the wait.
  await page.clock.install();

  // Nobody signed in: the dashboard sends to /auth.
  await page.goto('/business/dashboard');
  await expect(page).toHaveURL(/\/auth/);
  await page.getByLabel('Correo electrónico').fill(owner.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);

  // 1. Verification (the default tab): an approved business is shown as verified.
  await page.goto('/business/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: owner.business!.name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Verificación' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Tu negocio está verificado' })).toBeVisible();
  await expect(page.getByTestId('verification-status')).toHaveText('verificado');
  await expect(page.getByText(/^8\s%$/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Regalos' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);

  // 2. Profile: real totals, a new image uploaded at once, a new description saved.
  await openTab(page, 'Perfil', 'profile');
  await expect(page.getByTestId('total-gifts')).not.toHaveText('0');
  const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#e0782f' } }).png().toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: 'palmera.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Imagen subida.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen' })).toHaveAttribute('src', /\/api\/files\/public\//);
  // Remove it, then put it back.
  await page.getByRole('button', { name: 'Quitar imagen' }).click();
  await expect(page.getByText('Imagen eliminada.')).toBeVisible();
  // A phone (the journeys' device) is offered the camera, not dragging.
  await expect(page.getByText('Elige una imagen o haz una foto')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: 'palmera.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen' })).toBeVisible();
  const description = `Orxateria familiar desde 1952, junto a la Plaça de la Reina (${run}).`;
  await page.getByLabel('Descripción').fill(description);
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Se han guardado los cambios.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(page.getByLabel('Descripción')).toHaveValue(description);

  // 3. Gifts: create one priced with a decimal comma, after the dialog refuses bad input.
  await openTab(page, 'Regalos', 'gifts');
  const giftName = `Horchata de prueba ${run}`;
  await page.getByRole('button', { name: 'Nuevo regalo' }).click();
  let dialog = page.getByRole('dialog', { name: 'Crear un regalo' });
  await dialog.getByRole('button', { name: 'Crear regalo' }).click();
  await expect(dialog.getByText('Rellena los campos obligatorios.').first()).toBeVisible();
  await dialog.getByLabel('Nombre').fill(giftName);
  await dialog.getByLabel('Precio en euros').fill('abc');
  await dialog.getByRole('button', { name: 'Crear regalo' }).click();
  await expect(dialog.getByText('Introduce un precio válido mayor que 0.')).toBeVisible();
  await dialog.getByLabel('Precio en euros').fill('19,90');
  // The image is optional; it is sent once the gift exists.
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'horchata.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByRole('img', { name: 'Vista previa de la imagen' })).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Disponible para la venta' })).toBeChecked();
  await expect(dialog.getByLabel('Validez (días)')).toHaveValue('365');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Crear regalo' }).click();
  await expect(page.getByText('Regalo creado.')).toBeVisible();
  await expect(dialog).toBeHidden();
  let card = giftCard(page, giftName);
  await expect(card.getByText(/^19,90\s€$/)).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /\/api\/files\/public\//);
  // Newest first.
  await expect(page.getByTestId('gift-card').first()).toContainText(giftName);

  // Edit it: the same dialog, filled in.
  const editedName = `${giftName} (grande)`;
  await card.getByRole('button', { name: `Editar ${giftName}` }).click();
  dialog = page.getByRole('dialog', { name: 'Editar regalo' });
  await expect(dialog.getByLabel('Nombre')).toHaveValue(giftName);
  await expect(dialog.getByLabel('Precio en euros')).toHaveValue('19,90');
  await dialog.getByLabel('Nombre').fill(editedName);
  await dialog.getByLabel('Precio en euros').fill('21.50');
  await dialog.getByRole('button', { name: 'Guardar regalo' }).click();
  await expect(dialog).toBeHidden();
  card = giftCard(page, editedName);
  await expect(card.getByText(/^21,50\s€$/)).toBeVisible();

  // Take it off sale from the card; it stays so after a reload.
  await expect(card.getByTestId('gift-availability')).toHaveText('Disponible');
  await card.getByRole('switch').click();
  await expect(card.getByTestId('gift-availability')).toHaveText('No disponible');
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(giftCard(page, editedName).getByTestId('gift-availability')).toHaveText('No disponible');

  // Delete another gift, only after confirming.
  const doomedName = `Regalo para borrar ${run}`;
  await page.getByRole('button', { name: 'Nuevo regalo' }).click();
  dialog = page.getByRole('dialog', { name: 'Crear un regalo' });
  await dialog.getByLabel('Nombre').fill(doomedName);
  await dialog.getByLabel('Precio en euros').fill('5');
  await dialog.getByRole('button', { name: 'Crear regalo' }).click();
  await expect(dialog).toBeHidden();
  const doomed = giftCard(page, doomedName);
  await doomed.getByRole('button', { name: `Eliminar ${doomedName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `¿Eliminar «${doomedName}»?` });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(doomed).toBeVisible();
  await doomed.getByRole('button', { name: `Eliminar ${doomedName}` }).click();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Regalo eliminado.')).toBeVisible();
  await expect(doomed).toHaveCount(0);
  await expect(giftCard(page, editedName)).toBeVisible();

  // 4. Orders: a paid order arrives while the page is open, without a reload.
  await openTab(page, 'Pedidos', 'orders');
  await expect(page.getByTestId('order-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const gifts = (await (await page.request.get('/api/business/gifts')).json()) as { items: { id: string; name: string }[] };
  // The world's first gift is shaped like the demo's 'Merienda de horchata y fartons para dos' (9,50 €).
  const demoGift = gifts.items.find((gift) => gift.name === owner.business!.gifts[0]!.name);
  expect(demoGift, 'the world\'s first gift exists').toBeDefined();
  const recipient = `Lucía ${run}`;
  // A giver of its own buys the gift through checkout and the test provider.
  await signInAs(request, giver);
  const bought = await buyGift(request, {
    giftId: demoGift!.id,
    recipientName: recipient,
    recipientPhone: '+34 600 111 222',
    personalMessage: '¡Feliz santo!',
  });
  const newOrder = page.getByTestId('order-card').filter({ hasText: recipient });
  await expect(newOrder).toHaveCount(0);
  // Past the longest back-off: the next poll must have run.
  await page.clock.fastForward('01:05');
  await expect(newOrder).toBeVisible();
  await expect(page.getByTestId('order-card').first()).toContainText(recipient);
  await expect(page.getByTestId('orders-announcement')).toHaveText(`Nuevo pedido: ${demoGift!.name} para ${recipient}.`);
  await expect(newOrder.getByText('Pagado')).toBeVisible();
  await expect(newOrder.getByText(/^9,50\s€$/)).toBeVisible();
  // Nothing of the gift's codes: they alone redeem it (ADR 055).
  await expect(newOrder).not.toContainText(bought.code.slice(-8));
  await expect(newOrder).not.toContainText(bought.typedCode);
  await expect(newOrder.getByText('+34 600 111 222')).toBeVisible();
  await expect(newOrder.getByText('“¡Feliz santo!”')).toBeVisible();
  // The status filter: a paid order is not among the redeemed ones.
  // (A native select, ADR 039: chosen by its visible Spanish label, as a user would.)
  const statusFilter = page.getByRole('combobox', { name: 'Estado' });
  await statusFilter.selectOption({ label: 'Canjeado' });
  await expect(newOrder).toHaveCount(0);
  await statusFilter.selectOption({ label: 'Pagado' });
  await expect(newOrder).toBeVisible();

  // 5. Analytics: the period's figures, top gifts and the weekly chart.
  await openTab(page, 'Estadísticas', 'analytics');
  await expect(page.getByTestId('figure-gifts-sold')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('figure-revenue')).toHaveText(/^[\d.]+,\d{2}\s€$/);
  await expect(page.getByTestId('top-gifts')).toContainText(demoGift!.name);
  await expect(page.getByRole('img', { name: 'Regalos vendidos por semana' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a signed-in giver without a business is asked to create one first', async ({ page, context, baseURL, giver }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await hideCookieBanner(context, baseURL!);
  await signInAs(page, giver);

  await page.goto('/business/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Primero crea tu negocio' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Registra tu negocio' })).toHaveAttribute('href', '/business/signup');
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Sign-out ends the session and goes home.
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/business/dashboard');
  await expect(page).toHaveURL(/\/auth/);
});
