import type { Browser, Page } from '@playwright/test';
import { applyAsNewBusiness, connectTestPayouts, uniqueCif } from './support/business-application';
import { hideCookieBanner } from './support/consent';
import { expectFocusedElementVisible, tabUntilFocused } from './support/focus';
import { expect, signInAs, test, useLanguage, type TestAccount } from './support/fixtures';
import { typedCodeOn } from './support/orders';

/**
 * The main tasks done with the keyboard alone (docs/accessibility.md): no click, no fill(), no focus()
 * from the test. Every Tab step checks that the focused element is in the viewport and not
 * covered (support/focus.ts), and after each dialog closes focus must be back on what opened
 * it, or on the nearest control when that is gone. Each test makes its own users, business
 * and gift: the demo data is never changed.
 */

/** Spanish interface, reduced motion, a stored cookie choice (the banner has its own tests). */
async function prepare(page: Page, baseURL: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await useLanguage(page, 'es');
  await hideCookieBanner(page.context(), baseURL);
}

/** /auth with the keyboard: Tab to each field, type, Enter on the form's button. */
async function signInByKeyboard(page: Page, email: string, password: string, labels: { email: string; password: string; submit: string }) {
  await page.goto('/auth');
  // The form is loaded on demand: a Tab pressed before it is there leaves the page.
  await expect(page.getByLabel(labels.email)).toBeVisible();
  await tabUntilFocused(page, page.getByLabel(labels.email));
  await page.keyboard.type(email);
  await tabUntilFocused(page, page.getByRole('textbox', { name: labels.password, exact: true }));
  await page.keyboard.type(password);
  await tabUntilFocused(page, page.locator('form button[type="submit"]', { hasText: labels.submit }));
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/auth/);
}

const notOnBody = (page: Page) => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body);

test('a giver signs in and adds, edits and deletes a contact with the keyboard alone (Spanish)', async ({ page, baseURL, giver }) => {
  await prepare(page, baseURL!);
  await page.setViewportSize({ width: 390, height: 700 });

  await signInByKeyboard(page, giver.email, giver.password, { email: 'Correo electrónico', password: 'Contraseña', submit: 'Iniciar sesión' });
  await expect(page).toHaveURL(/\/app/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenido a Valencia' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Contactos' })).toBeVisible();

  // The tabs: Tab reaches the selected one, the arrow keys move along the list.
  const contactsTab = page.getByRole('tab', { name: 'Contactos' });
  await tabUntilFocused(page, page.getByRole('tab', { selected: true }));
  for (let i = 0; i < 8 && !(await contactsTab.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(contactsTab).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(contactsTab).toHaveAttribute('aria-selected', 'true');
  // The list loads after the tab opens and makes its panel taller: Tab on once it is there.
  await expect(page.getByText('Aún no tienes contactos')).toBeVisible();

  // Add: the dialog opens on Enter, the fields are typed into, Enter on "Añadir contacto".
  const newContact = page.getByRole('button', { name: 'Nuevo contacto' });
  await tabUntilFocused(page, newContact);
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Nuevo contacto' });
  await expect(form).toBeVisible();
  await tabUntilFocused(page, form.getByRole('textbox', { name: 'Nombre', exact: true }));
  await page.keyboard.type('Pau Teclat');
  await tabUntilFocused(page, form.getByLabel('Correo electrónico'));
  await page.keyboard.type('pau.teclat@example.test');
  await tabUntilFocused(page, form.getByRole('button', { name: 'Añadir contacto' }));
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Pau Teclat' })).toBeVisible();
  await expect(newContact).toBeFocused();
  await expectFocusedElementVisible(page);

  // Edit: back on the row's Edit button, whose name follows the new name.
  await tabUntilFocused(page, page.getByRole('button', { name: 'Editar a Pau Teclat' }));
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Editar contacto' });
  await expect(edit).toBeVisible();
  await tabUntilFocused(page, edit.getByRole('textbox', { name: 'Nombre', exact: true }));
  await page.keyboard.press('End');
  await page.keyboard.type(' Puig');
  await tabUntilFocused(page, edit.getByRole('button', { name: 'Guardar' }));
  await page.keyboard.press('Enter');
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Pau Teclat Puig' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar a Pau Teclat Puig' })).toBeFocused();
  await expectFocusedElementVisible(page);

  // Delete: Escape first (focus back on Delete), then confirm; the row is gone, so focus
  // goes to "Nuevo contacto".
  const remove = page.getByRole('button', { name: 'Eliminar a Pau Teclat Puig' });
  await tabUntilFocused(page, remove);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar a Pau Teclat Puig?' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  // As a keyboard user does, wait for the reopened dialog to take focus before pressing Tab
  // (its overlay can be painted a frame before focus moves in).
  await expect(confirm).toBeVisible();
  await expect.poll(() => confirm.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await tabUntilFocused(page, confirm.getByRole('button', { name: 'Eliminar', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Pau Teclat Puig' })).toHaveCount(0);
  await expect(newContact).toBeFocused();
  await expectFocusedElementVisible(page);
});

/** The test's own admin, in English, in a browser context of their own, signed in by keyboard. */
async function adminByKeyboard(browser: Browser, baseURL: string, account: TestAccount) {
  const context = await browser.newContext({ baseURL });
  await hideCookieBanner(context, baseURL);
  const admin = await context.newPage();
  await admin.emulateMedia({ reducedMotion: 'reduce' });
  await useLanguage(admin, 'en');
  await signInByKeyboard(admin, account.email, account.password, { email: 'Email', password: 'Password', submit: 'Sign in' });
  await expect(admin).toHaveURL(/\/admin$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Back-office' })).toBeVisible();
  return admin;
}

test('the admin approves an application, a giver buys its gift and the owner redeems it, all by keyboard', async ({ page, browser, baseURL, request, giver, admin: team }) => {
  // The real onboarding, three browsers and a payment, on a busy shared machine.
  test.setTimeout(300_000);
  const run = `${Date.now().toString(36)}${test.info().workerIndex}k`;
  const businessName = `Forn del Teclat ${run}`;
  const giftName = `Coca de llanda ${run}`;
  const recipient = `Marta Teclat ${run}`;

  await prepare(page, baseURL!);
  await applyAsNewBusiness(page, { email: `forn.${run}@example.test`, businessName, taxId: uniqueCif(), password: 'coca-de-llanda-2026' });

  await test.step('the admin approves it (English)', async () => {
    const admin = await adminByKeyboard(browser, baseURL!, team);
    const applications = admin.getByRole('tab', { name: 'Applications' });
    await tabUntilFocused(admin, admin.getByRole('tab', { selected: true }));
    for (let i = 0; i < 8 && !(await applications.evaluate((el) => el === document.activeElement)); i++) {
      await admin.keyboard.press('ArrowRight');
    }
    await expect(applications).toBeFocused();
    await admin.keyboard.press('Enter');
    await expect(applications).toHaveAttribute('aria-selected', 'true');
    const card = admin.getByTestId('application').filter({ has: admin.getByRole('heading', { name: businessName }) });
    await expect(card).toBeVisible();
    // Pending applications of other runs may come first: the walk may be long.
    await tabUntilFocused(admin, card.getByRole('button', { name: 'Approve' }), { limit: 400 });
    await admin.keyboard.press('Enter');
    await expect(admin.getByText(`${businessName} is approved.`)).toBeVisible();
    await expect(card).toHaveCount(0);
    // The card and its button are gone: focus is on the next application (or the "nobody
    // is waiting" message), not on <body>.
    expect(await notOnBody(admin)).toBe(true);
    await expect(admin.locator(':focus')).toHaveAttribute('tabindex', '-1');
    await expectFocusedElementVisible(admin);
    // And Tab goes on from there, inside the tab panel, not from the skip link.
    await admin.keyboard.press('Tab');
    await expectFocusedElementVisible(admin);
    expect(await admin.evaluate(() => document.activeElement?.closest('[role="tabpanel"]') !== null)).toBe(true);
    await admin.context().close();
  });

  // Payable (ADR 053), then the owner's gift, through the dashboard API (the keyboard gift
  // dialogs and the payouts page have their own tests).
  await connectTestPayouts(page);
  const created = await page.request.post('/api/business/gifts', {
    data: { name: giftName, price: '9,50' },
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signInAs(request, giver);
  await test.step('a giver buys it: catalogue, cart, checkout, test payment', async () => {
    const context = await browser.newContext({ baseURL });
    await hideCookieBanner(context, baseURL!);
    const shop = await context.newPage();
    await shop.emulateMedia({ reducedMotion: 'reduce' });
    await useLanguage(shop, 'es');
    await shop.setViewportSize({ width: 390, height: 700 });
    await signInByKeyboard(shop, giver.email, giver.password, { email: 'Correo electrónico', password: 'Contraseña', submit: 'Iniciar sesión' });
    await shop.goto('/app?tab=gifts');
    await expect(shop.getByLabel('Buscar regalos')).toBeVisible();
    await tabUntilFocused(shop, shop.getByLabel('Buscar regalos'), { limit: 60 });
    await shop.keyboard.type(giftName);
    const card = shop.getByRole('listitem').filter({ hasText: giftName });
    await expect(shop.getByTestId('gift-price')).toHaveCount(1);
    const add = card.getByRole('button', { name: /Añadir al carrito/ });
    await tabUntilFocused(shop, add);
    await shop.keyboard.press('Enter');
    await expect(shop.getByTestId('cart-bar-count')).toHaveText('1 regalo en tu carrito');
    // The cart bar's button opens the cart; Escape gives focus back to it.
    const bar = shop.getByRole('region', { name: 'Tu carrito' });
    const show = bar.getByRole('button', { name: '1 regalo en tu carrito' });
    await tabUntilFocused(shop, show);
    await shop.keyboard.press('Enter');
    const cart = shop.getByRole('dialog', { name: 'Tu carrito' });
    await expect(cart.getByText(giftName)).toBeVisible();
    await shop.keyboard.press('Escape');
    await expect(cart).toBeHidden();
    // The "added to the cart" notice lies over the header for a few seconds; the walk below
    // checks that each focused element is uncovered, so it starts once the notice is gone.
    await expect(shop.getByText(`${giftName} se ha añadido al carrito`)).toBeHidden();
    await expect(show).toBeFocused();
    await tabUntilFocused(shop, bar.getByRole('link', { name: 'Finalizar compra' }));
    await shop.keyboard.press('Enter');
    await expect(shop).toHaveURL(/\/checkout$/);
    await expect(shop.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();

    const line = shop.getByTestId('checkout-line');
    await tabUntilFocused(shop, line.getByLabel('Nombre de quien lo recibe'), { limit: 60 });
    await shop.keyboard.type(recipient);
    await tabUntilFocused(shop, line.getByLabel('Correo de quien lo recibe'));
    await shop.keyboard.type(`marta.${run}@example.test`);
    await tabUntilFocused(shop, shop.getByRole('button', { name: /^Ir al pago · 9,50\s€$/ }), { limit: 60 });
    await shop.keyboard.press('Enter');
    await expect(shop).toHaveURL(/\/checkout\/[^/]+\/pay$/);
    await expect(shop.getByTestId('pay-amount')).toHaveText(/^9,50\s€$/);
    await tabUntilFocused(shop, shop.getByRole('button', { name: /^Pagar 9,50\s€ \(prueba\)$/ }), { limit: 60 });
    await shop.keyboard.press('Enter');
    await expect(shop.getByRole('heading', { name: '¡Gracias! Tu regalo está en camino' })).toBeVisible();
    await context.close();
  });

  // The code the recipient was sent, as the giver's orders list shows it.
  const orders = (await (await request.get('/api/my/orders')).json()) as { items: { recipientName: string; giftUrl: string | null }[] };
  const giftUrl = orders.items.find((order) => order.recipientName === recipient)?.giftUrl;
  expect(giftUrl, 'the paid order has a gift link').toBeTruthy();
  const code = decodeURIComponent(new URL(giftUrl!).pathname.split('/').pop()!);

  await test.step('the owner redeems it on the Redeem tab (Spanish)', async () => {
    await page.goto('/business/dashboard?tab=redeem');
    await expect(page.getByRole('tab', { name: 'Canjear' })).toHaveAttribute('aria-selected', 'true');
    const field = page.getByLabel('Código bajo el QR (por ejemplo K7QD-M2XA)');
    await tabUntilFocused(page, field, { limit: 60 });
    await page.keyboard.type(await typedCodeOn(request, `/g/${encodeURIComponent(code)}`));
    await page.keyboard.press('Enter');
    const check = page.getByTestId('redeem-card');
    await expect(check.getByRole('heading', { name: 'Comprueba el regalo' })).toBeFocused();
    await expect(check).toContainText(giftName);
    await expect(check).toContainText(recipient);
    await tabUntilFocused(page, check.getByRole('button', { name: 'Confirmar el canje' }));
    await page.keyboard.press('Enter');
    const success = page.getByTestId('redeem-success');
    await expect(success.getByRole('heading', { name: 'Regalo canjeado' })).toBeFocused();
    await expectFocusedElementVisible(page);
    await tabUntilFocused(page, success.getByRole('button', { name: 'Canjear otro regalo' }));
    await page.keyboard.press('Enter');
    await expect(field).toBeFocused();
  });
});
