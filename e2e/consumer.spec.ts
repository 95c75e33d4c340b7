import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations as scan } from './support/axe';
import { expect, test } from './support/fixtures';

/**
 * A giver with a history like the demo giver's (the `giverWithHistory` fixture: the demo
 * contacts, a paid and a redeemed gift), in Spanish: signs in, browses the demo businesses and
 * gifts (prices in the Spanish format), fills the cart with two gifts, reloads and finds the
 * cart kept, opens checkout (one recipient per gift), then adds, searches, edits and deletes a
 * contact. Every tab is scanned with axe. The account is the test's own: the demo giver's
 * contacts never change.
 */
test.use({ language: 'es' });

// Toasts come and go mid-scan and belong to the shared toaster, not to this area.
const expectNoSeriousA11yViolations = (page: Page) => scan(page, { exclude: ['[data-sonner-toaster]'] });

async function openTab(page: Page, name: string, tab: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]tab=${tab}`));
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('a giver browses in Spanish, keeps a cart across a reload and manages a contact', async ({ page, context, baseURL, giverWithHistory: giver }) => {
  // One long journey with six axe scans: give it room on a busy two-core machine.
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // A stored cookie choice keeps the consent banner out of the way of the cart bar.
  await context.addCookies([{ name: 'cookie-consent', value: 'necessary', url: baseURL! }]);

  await page.goto('/app');
  await expect(page).toHaveURL(/\/auth/);
  await page.getByLabel('Correo electrónico').fill(giver.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(giver.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();

  await expect(page).toHaveURL(/\/app/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenido a Valencia' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Perfil' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Nombre completo')).not.toHaveValue('');
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expectNoSeriousA11yViolations(page);

  // GDPR: the data export downloads a JSON file; deleting the account asks first (cancelled here).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar mis datos' }).click();
  expect((await download).suggestedFilename()).toMatch(/^regalo-data-\d{4}-\d{2}-\d{2}\.json$/);
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  const deletion = page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
  await deletion.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }).click();
  await expect(deletion.getByText('Escribe tu contraseña para confirmarlo').last()).toBeVisible();
  await deletion.getByRole('button', { name: 'Cancelar' }).click();
  await expect(deletion).toBeHidden();

  // Businesses: the listed ones, a business page with its gifts, add one to the cart.
  await page.getByRole('button', { name: 'Descubrir negocios' }).click();
  await expect(page).toHaveURL(/tab=businesses/);
  const palmera = page.getByRole('button', { name: 'Ver los regalos de Orxateria La Palmera' });
  await expect(palmera).toBeVisible();
  // The card's category, not the category filter's option of the same name (a native select, ADR 039).
  await expect(page.getByText('Bebidas tradicionales').and(page.locator(':not(option)')).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await palmera.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Orxateria La Palmera' })).toBeVisible();
  await expect(page).toHaveURL(/business=/);
  const horchataCard = page.getByRole('listitem').filter({ hasText: 'Merienda de horchata y fartons para dos' });
  await expect(horchataCard.getByTestId('gift-price')).toHaveText(/^9,50\s€$/);
  await expect(horchataCard.getByText('Válido durante 180 días')).toBeVisible();
  await horchataCard.getByRole('button', { name: /Añadir al carrito/ }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  // Back returns to the list (the open business is part of the URL).
  await page.goBack();
  await expect(palmera).toBeVisible();

  // Gifts: cheapest first, Spanish prices, search, add a second gift.
  await openTab(page, 'Regalos', 'gifts');
  const prices = page.getByTestId('gift-price');
  await expect(prices.first()).toBeVisible();
  // A gift card shows its range ("De 5,00 € a 100,00 €") and sorts by its lowest amount.
  const price = String.raw`\d{1,3}(?:\.\d{3})*,\d{2}\s€`;
  const texts = await prices.allTextContents();
  for (const text of texts) expect(text).toMatch(new RegExp(`^(?:${price}|De ${price} a ${price})$`));
  const shown = texts.map((p) => Number(p.match(new RegExp(price))![0].replace(/[^\d,]/g, '').replace(',', '.')));
  expect(shown.length).toBeGreaterThan(1);
  expect([...shown].sort((a, b) => a - b)).toEqual(shown);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Buscar regalos').fill('Vale para libros');
  const voucher = page.getByRole('listitem').filter({ hasText: 'Vale para libros' });
  await expect(voucher.getByTestId('gift-price')).toHaveText(/^25,00\s€$/);
  await expect(page.getByTestId('gift-price')).toHaveCount(1);
  await voucher.getByRole('button', { name: /Añadir al carrito/ }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(page.getByTestId('cart-bar-count')).toHaveText('2 regalos en tu carrito');

  // The cart survives a reload; checkout lists both gifts with today's prices (paying is
  // e2e/checkout.spec.ts).
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Regalos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.getByRole('link', { name: 'Finalizar compra' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();
  await expect(page.getByTestId('checkout-line')).toHaveCount(2);
  await expect(page.getByTestId('checkout-total')).toHaveText(/^34,50\s€$/);
  await page.goBack();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // The cart itself: both gifts listed, one removed.
  await page.getByRole('button', { name: 'Carrito: 2 regalos' }).click();
  const cartDialog = page.getByRole('dialog', { name: 'Tu carrito' });
  await expect(cartDialog.getByText('Merienda de horchata y fartons para dos')).toBeVisible();
  await cartDialog.getByRole('button', { name: 'Quitar Vale para libros' }).click();
  await expect(cartDialog.getByText('Vale para libros')).toBeHidden();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await cartDialog.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(page.getByTestId('cart-bar-count')).toHaveText('1 regalo en tu carrito');

  // Contacts: add (the button waits for a real name), search, edit, delete.
  await openTab(page, 'Contactos', 'contacts');
  await expect(page.getByRole('heading', { name: 'Carmen Martínez' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Nuevo contacto' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo contacto' });
  const add = form.getByRole('button', { name: 'Añadir contacto' });
  const name = form.getByRole('textbox', { name: 'Nombre', exact: true });
  await expect(add).toBeDisabled();
  await name.fill('   ');
  await expect(add).toBeDisabled();
  await name.fill('Zoe Playwright');
  await form.getByLabel('Correo electrónico').fill('no-es-un-correo');
  await add.click();
  await expect(form.getByText('Este correo electrónico no es válido')).toBeVisible();
  await form.getByLabel('Correo electrónico').fill('zoe@example.test');
  await form.getByLabel('Relación').fill('Prima lejana');
  await add.click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Zoe Playwright' })).toBeVisible();

  await page.getByLabel('Buscar contactos').fill('PRIMA');
  await expect(page.getByRole('heading', { name: 'Zoe Playwright' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Carmen Martínez' })).toBeHidden();
  await page.getByLabel('Buscar contactos').fill('nadie-se-llama-asi');
  await expect(page.getByText('Ningún contacto coincide con tu búsqueda')).toBeVisible();
  await page.getByLabel('Buscar contactos').fill('zoe');

  await page.getByRole('button', { name: 'Editar a Zoe Playwright' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar contacto' });
  await edit.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Zoe Editada');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Zoe Editada' })).toBeVisible();

  await page.getByRole('button', { name: 'Eliminar a Zoe Editada' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar a Zoe Editada?' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('heading', { name: 'Zoe Editada' })).toBeHidden();
  await expect(page.getByText('Ningún contacto coincide con tu búsqueda')).toBeVisible();

  // My orders: the giver's sent gifts with their statuses.
  await openTab(page, 'Mis pedidos', 'orders');
  await expect(page.getByText('Pagado').first()).toBeVisible();
  await expect(page.getByText('Canjeado').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Abrir la página del regalo' }).first()).toHaveAttribute('href', /^\/g\//);
  await expectNoSeriousA11yViolations(page);

  // Back goes to the previous tab.
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Contactos' })).toHaveAttribute('aria-selected', 'true');
});
