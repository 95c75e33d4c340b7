import { expectNoSeriousA11yViolations } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, test } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
test.use({ language: 'va', ...phone });

/*
 * "El donaré en persona" (ADR 103), in Valencian on a phone: a guest buys a gift to hand over
 * themselves, naming nobody and giving no contact; nothing is sent; the thank-you page offers
 * the gift page and both cards; the folded A4 card prints on one sheet; and from the purchase
 * page the guest sends it after all, by email, once.
 */
test('a guest buys a gift to give in person, opens the folded card, then sends it later by email', async ({ page, baseURL, owner }) => {
  test.setTimeout(180_000);
  await hideCookieBanner(page.context(), baseURL!);
  const gift = owner.business!.gifts[0]!;
  const stamp = `${Date.now().toString(36)}.${test.info().workerIndex}`;
  const guestEmail = `pep.${stamp}@example.test`;
  const recipientEmail = `maria.josep.${stamp}@example.test`;

  await page.goto(`/gifts?lang=va&q=${encodeURIComponent(gift.name)}`);
  await page.getByRole('link', { name: gift.name }).first().click();
  await page.getByRole('link', { name: 'Enviar este regal' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const guest = page.getByTestId('guest-details');
  await guest.getByLabel('El teu nom').fill('Pep Ferrer');
  await guest.getByLabel('El teu correu electrònic').fill(guestEmail);

  // Given in person: no contact asked, the name optional, no delivery moment.
  const line = page.getByTestId('checkout-line');
  await line.getByRole('radio', { name: 'El donaré en persona' }).check();
  await expect(line.getByLabel('Correu electrònic de la persona que el rep')).toHaveCount(0);
  await expect(line.getByLabel('Telèfon de la persona que el rep')).toHaveCount(0);
  await expect(line.getByText('Quan l’ha de rebre?').or(line.getByText("Quan l'ha de rebre?"))).toHaveCount(0);
  await expect(line.getByLabel('Nom de la persona que el rep (opcional)')).toBeVisible();
  await expect(line.getByText("No s'envia res a ningú.", { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: /^Passar al pagament/ }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/pay$/);
  await page.getByRole('button', { name: /^Pagar .+ \(prova\)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gràcies! El teu regal està a punt per a donar-lo' })).toBeVisible();
  const lines = page.getByTestId('checkout-lines');
  await expect(lines.getByTestId('delivery-when')).toHaveText("El dones en persona: no s'ha enviat res");
  const links = lines.getByTestId('gift-page-links');
  await expect(links.getByRole('link', { name: 'Obrir la pàgina del regal' })).toHaveAttribute('href', /^\/g\/[A-Za-z0-9_-]+$/);
  await expect(links.getByRole('link', { name: 'Imprimir la targeta (A6)' })).toHaveAttribute('href', /\/print$/);
  await expectNoSeriousA11yViolations(page);
  const thankYou = page.url();

  // The receipt says it is given in person and carries no code; nobody else got a gift email.
  const receipt = await waitForMail(page.request, { to: guestEmail });
  expect(receipt.text).toContain('per a donar-lo en persona');

  // The folded card: one A4 sheet, the inside turned round, readable on the phone as a preview.
  await links.getByRole('link', { name: 'Imprimir la targeta (A4 plegat)' }).click();
  await expect(page).toHaveURL(/\/g\/[^/]+\/print\/folded$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Un regal per a tu' })).toBeVisible();
  await expect(page.getByTestId('folded-sheet').getByTestId('gift-qr')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  // Printed, it is exactly one page (A4: 595 × 842 points).
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page(?![s\w])/g)).toHaveLength(1);
  const [, width, height] = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf) ?? [];
  expect(Math.round(Number(width))).toBe(595);
  expect(Math.round(Number(height))).toBe(842);

  // Later, from the purchase page: "Enviar-lo ara", naming her as it goes.
  await page.goto(thankYou);
  await page.getByRole('link', { name: 'Veure esta compra' }).click();
  await expect(page).toHaveURL(/\/purchase\/[^/]+$/);
  const card = page.getByTestId('my-order').filter({ hasText: gift.name });
  await expect(card.getByTestId('delivery-state')).toHaveText("El dones en persona: no s'ha enviat res");
  await expect(card.getByText('Per a donar en persona')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('button', { name: `Enviar ${gift.name} ara` }).click();
  const dialog = page.getByRole('dialog', { name: `Enviar ${gift.name} ara` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Nom de la persona que el rep').fill('Maria Josep');
  await dialog.getByLabel('Correu electrònic de la persona que el rep').fill(recipientEmail);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(page.getByText('El regal li arribarà com has triat')).toBeVisible();
  await expect(dialog).toBeHidden();

  const giftMail = await waitForMail(page.request, { to: recipientEmail });
  const giftLink = linkIn(giftMail, '/g/');
  await expect(card.getByText('Per a Maria Josep', { exact: false })).toBeVisible();
  await expect(card.getByRole('button', { name: `Enviar ${gift.name} ara` })).toHaveCount(0);

  // Her gift page greets her by the name as typed.
  await page.goto(giftLink);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Maria Josep');
});
