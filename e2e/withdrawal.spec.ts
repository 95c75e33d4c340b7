import { expectNoSeriousA11yViolations as scan } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test, useLanguage } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';
import { buyGift } from './support/orders';

/**
 * The right of withdrawal (ADR 064), in Spanish on a phone: a giver of the test's own (the
 * `giver` fixture) buys a gift of a business of its own (the `owner` fixture), finds
 * "Desistir del contrato aquí" in the receipt email (its signed link opens the form without
 * an account), on the thank-you page and in "Mis pedidos", withdraws with
 * "Confirmar desistimiento", gets the acknowledgement with the date and time, and the
 * recipient's gift page says the gift was withdrawn and shows no code.
 */
test('a giver withdraws from a purchase in two clicks and is acknowledged by email', async ({ page, context, browser, baseURL, playwright, giver, owner: shop }) => {
  const run = `${Date.now()}-${test.info().workerIndex}`;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await useLanguage(page, 'es');
  await hideCookieBanner(context, baseURL!);

  const api = await playwright.request.newContext({ baseURL });
  await signInAs(api, giver);
  // The horchata for two of the test's own business (like the demo owner's): the demo
  // business's orders stay as the seed made them.
  const recipient = `Nuria Vidal ${run}`;
  const bought = await buyGift(api, { giftId: shop.business!.gifts[0]!.id, recipientName: recipient, recipientEmail: `nuria.${run}@example.test` });
  await signInAs(page, giver);

  // The receipt email's link opens the form without an account, for that purchase only.
  const receipt = await waitForMail(api, { to: giver.email, subject: /Tu compra en Regalo/ });
  expect(receipt.html).toContain('Desistir del contrato aquí');
  const link = linkIn(receipt, '/withdraw/link/');
  const stranger = await browser.newContext({ baseURL });
  await hideCookieBanner(stranger, baseURL!);
  await useLanguage(stranger, 'es');
  const anonymous = await stranger.newPage();
  await anonymous.goto(new URL(link).pathname);
  await expect(anonymous.getByRole('heading', { level: 1, name: 'Desistir de tu compra' })).toBeVisible();
  await expect(anonymous.getByTestId('withdrawal-gift')).toHaveCount(1);
  await expect(anonymous.getByTestId('withdrawal-gift')).toContainText(recipient);
  await expect(anonymous.getByRole('button', { name: 'Confirmar desistimiento' })).toBeVisible();
  await stranger.close();

  // The thank-you page offers it…
  await page.goto(`/checkout/${bought.checkoutId}`);
  await expect(page.getByRole('heading', { level: 1, name: /Gracias/ })).toBeVisible();
  await expect(page.getByTestId('withdrawal-offer')).toContainText(/Puedes desistir de esta compra hasta el \d{1,2} [a-z]{3} \d{4}, 23:59/);
  await expect(page.getByRole('link', { name: 'Desistir del contrato aquí' })).toHaveAttribute('href', `/withdraw/${bought.checkoutId}`);

  // …and so does each order in "Mis pedidos".
  await page.goto('/app?tab=orders');
  const order = page.getByTestId('my-order').filter({ hasText: recipient });
  await expect(order).toBeVisible();
  await order.getByRole('link', { name: 'Desistir del contrato aquí' }).click();

  // The short form: the gift (the only one, already chosen), name and email prefilled.
  await expect(page).toHaveURL(new RegExp(`/withdraw/${bought.checkoutId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Desistir de tu compra' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: new RegExp(recipient) })).toBeChecked();
  await expect(page.getByLabel('Tu nombre')).toHaveValue(giver.name);
  await expect(page.getByLabel('Correo para el acuse de recibo')).toHaveValue(giver.email);
  await scan(page);
  await page.getByRole('button', { name: 'Confirmar desistimiento' }).click();

  const done = page.getByTestId('withdrawal-done');
  await expect(page.getByRole('heading', { level: 1, name: 'Desistimiento confirmado' })).toBeVisible();
  await expect(done).toContainText(recipient);
  await expect(done).toContainText(/Reembolso: \d+,\d{2}\s€/);
  const reference = /Referencia: (D-[0-9A-F]{8})/.exec((await done.textContent()) ?? '')?.[1];
  expect(reference).toBeTruthy();
  await scan(page);

  // The acknowledgement on a durable medium: what, when (date and time in Madrid), how much.
  const ack = await waitForMail(api, { to: giver.email, subject: /Hemos recibido tu desistimiento/ });
  expect(ack.subject).toContain(reference!);
  expect(ack.text).toMatch(/el \d{1,2} [a-z]{3} \d{4}, \d{2}:\d{2} \(hora de Madrid\)/);
  expect(ack.text).toMatch(/Reembolso: \d+,\d{2}\s€/);

  // "Mis pedidos" now says so, and offers it no more.
  await page.goto('/app?tab=orders');
  await expect(order.getByTestId('withdrawal-state')).toContainText('Desististe de este regalo el');
  await expect(order.getByRole('link', { name: 'Desistir del contrato aquí' })).toHaveCount(0);

  // The recipient's page says the gift was withdrawn, without a code to show.
  await page.goto(new URL(bought.giftUrl).pathname + '?lang=es');
  await expect(page.getByTestId('gift-status')).toHaveAttribute('data-status', 'withdrawn');
  await expect(page.getByText('ha desistido de la compra')).toBeVisible();
  await expect(page.getByTestId('gift-qr')).toHaveCount(0);
  await expect(page.getByTestId('typed-code')).toHaveCount(0);
  await api.dispose();
});
