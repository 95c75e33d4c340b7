import type { Page } from '@playwright/test';
import { createApprovedBusiness } from './support/business-application';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test } from './support/fixtures';
import { expectFocusedElementVisible, tabTo, tabUntilFocused } from './support/focus';

/**
 * Keyboard users must always see where they are (WCAG 2.4.7, 2.4.11) and the cookie banner
 * must fit a 320 px screen (1.4.10). The banner is left open on purpose: it is what covered
 * the focused controls before.
 */
test.use({ locale: 'es-ES' });

test('with the cookie banner open, each control reached by Tab on /auth stays visible', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 640 });
  await page.goto('/auth');
  await expect(page.getByRole('region', { name: /cookies/i })).toBeVisible();
  await tabTo(page, /^¿Has olvidado la contraseña\?$/);
  await expectFocusedElementVisible(page);
  // The form's submit button comes next (the tab trigger of the same name is above).
  await page.keyboard.press('Tab');
  await expect(page.locator('form button[type="submit"]')).toBeFocused();
  await expectFocusedElementVisible(page);
});

test('the cookie preferences fit a 320 px screen and every control can be reached', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto('/privacy');
  const banner = page.getByRole('region', { name: /cookies/i });
  await banner.getByRole('button', { name: 'Personalizar' }).click();
  await expect(banner.getByRole('switch').first()).toBeVisible();
  // Every button inside the banner can be focused and scrolled into view, × included.
  const buttons = banner.getByRole('button');
  const count = await buttons.count();
  for (let i = 0; i < count; i++) {
    await buttons.nth(i).focus();
    await expectFocusedElementVisible(page);
  }
  // No label spills out of its button.
  const overflowing = await banner.locator('button').evaluateAll((all) =>
    all.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent),
  );
  expect(overflowing).toEqual([]);
});

test('with gifts in the cart, the cart bar never covers the focused "Add to cart" button', async ({ page, context, baseURL, giver }) => {
  await page.setViewportSize({ width: 390, height: 640 });
  await context.addCookies([{ name: 'cookie-consent', value: 'necessary', url: baseURL! }]);
  await signInAs(page, giver);
  await page.goto('/app?tab=gifts');
  const addButtons = page.getByRole('button', { name: /^Añadir al carrito/ });
  await addButtons.first().click();
  await expect(page.getByRole('region', { name: /carrito/i })).toBeVisible();
  let checked = 0;
  for (let i = 0; i < 80 && checked < 4; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (/^Añadir al carrito/.test(label)) {
      await expectFocusedElementVisible(page);
      checked++;
    }
  }
  expect(checked).toBeGreaterThanOrEqual(2);
});

const giftCard = (page: Page, name: string) => page.getByTestId('gift-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

test.describe('the gift dialogs', () => {
  test.use({ language: 'es' });
  test.beforeEach(async ({ page, context, baseURL }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await hideCookieBanner(context, baseURL!);
  });

  // Radix moves focus without scrolling when Tab wraps inside a dialog: in a panel taller
  // than the screen the × or "Crear regalo" stayed out of sight. The owner is the test's own
  // (the `signedInOwner` fixture).
  for (const [label, width, height] of [
    ['a 320 px phone', 320, 568],
    ['200 % zoom on a 1366 × 768 screen', 683, 384],
  ] as const) {
    test(`at ${label}, focus moving and wrapping inside "Crear un regalo" stays in view`, async ({ page, signedInOwner: _owner }) => {
      await page.setViewportSize({ width, height });
      await page.goto('/business/dashboard?tab=gifts');
      const newGift = page.getByRole('button', { name: 'Nuevo regalo' });
      await expect(newGift).toBeVisible();
      // Reflow (1.4.10): nothing runs off the side, the header's controls included.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await tabUntilFocused(page, newGift, { limit: 60 });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Crear un regalo' });
      await expect(dialog).toBeVisible();
      const close = dialog.getByRole('button', { name: 'Cerrar' });
      await expect(close).toBeFocused();
      // The panel is taller than the screen, so the check below means something.
      expect(await dialog.evaluate((panel) => panel.scrollHeight > panel.clientHeight)).toBe(true);
      await expectFocusedElementVisible(page);
      // Shift+Tab from × wraps to the last control, at the bottom of the panel…
      await page.keyboard.press('Shift+Tab');
      await expect(dialog.getByRole('button', { name: 'Crear regalo' })).toBeFocused();
      await expectFocusedElementVisible(page);
      // …and Tab from there wraps back to × at the top.
      await page.keyboard.press('Tab');
      await expect(close).toBeFocused();
      await expectFocusedElementVisible(page);
      // Every control on the way round is in view too.
      await page.keyboard.press('Tab');
      await expectFocusedElementVisible(page);
      await tabUntilFocused(page, close);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(newGift).toBeFocused();
    });
  }

  test('the owner creates, edits and deletes a gift with the keyboard alone; focus comes back each time', async ({ page, request }) => {
    await createApprovedBusiness(page, request, 'Orxateria del Teclat');
    await page.setViewportSize({ width: 390, height: 640 });
    await page.goto('/business/dashboard?tab=gifts');
    const name = 'Horchata para dos';
    const newGift = page.getByRole('button', { name: 'Nuevo regalo' });

    // Create the first gift from the empty state's button.
    const createFirst = page.getByRole('button', { name: 'Crea tu primer regalo' });
    // A user tabs once the tab has loaded; before that, Tab from <body> finds nothing to focus.
    await expect(createFirst).toBeVisible();
    await tabUntilFocused(page, createFirst, { limit: 60 });
    await page.keyboard.press('Enter');
    let dialog = page.getByRole('dialog', { name: 'Crear un regalo' });
    await expect(dialog).toBeVisible();
    await tabUntilFocused(page, dialog.getByLabel('Nombre'));
    await page.keyboard.type(name);
    await tabUntilFocused(page, dialog.getByLabel('Precio en euros'));
    await page.keyboard.type('12,50');
    await tabUntilFocused(page, dialog.getByRole('button', { name: 'Crear regalo' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(giftCard(page, name)).toBeVisible();
    // The empty state and its button are gone with the first gift: focus is on "Nuevo regalo".
    await expect(newGift).toBeFocused();
    await expectFocusedElementVisible(page);

    // Open and dismiss with Escape: back on the button that opened it.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(newGift).toBeFocused();

    // Edit it: focus returns to the card's Edit button, now named after the new name.
    const edited = `${name} (grande)`;
    await tabUntilFocused(page, giftCard(page, name).getByRole('button', { name: `Editar ${name}` }));
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: 'Editar regalo' });
    await expect(dialog).toBeVisible();
    await tabUntilFocused(page, dialog.getByLabel('Nombre'));
    await page.keyboard.press('End');
    await page.keyboard.type(' (grande)');
    await tabUntilFocused(page, dialog.getByRole('button', { name: 'Guardar regalo' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(giftCard(page, edited).getByRole('button', { name: `Editar ${edited}` })).toBeFocused();
    await expectFocusedElementVisible(page);

    // Delete: Cancel first (focus back on Delete), then confirm.
    const remove = giftCard(page, edited).getByRole('button', { name: `Eliminar ${edited}` });
    await tabUntilFocused(page, remove);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: `¿Eliminar «${edited}»?` });
    await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    // A user tabs once the dialog is there: it opens with focus on Cancel.
    await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await tabUntilFocused(page, confirm.getByRole('button', { name: 'Eliminar', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Regalo eliminado.')).toBeVisible();
    await expect(giftCard(page, edited)).toHaveCount(0);
    // The deleted gift's button is gone: focus is on "Nuevo regalo", not on <body>.
    await expect(newGift).toBeFocused();
    await expectFocusedElementVisible(page);
  });
});
