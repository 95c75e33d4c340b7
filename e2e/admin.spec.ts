import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations as scan } from './support/axe';
import { applyAsNewBusiness, pdf, uniqueCif } from './support/business-application';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test, useLanguage, type TestAccount } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { buyGift } from './support/orders';

// Toasts fade in and out over the page; axe catches them mid-fade (as in consumer.spec.ts).
const expectNoSeriousA11yViolations = (page: Page) => scan(page, { exclude: ['[data-sonner-toaster]'] });

test.use({ language: 'es' });

test.beforeEach(async ({ context, baseURL, page }) => {
  await hideCookieBanner(context, baseURL!);
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/**
 * The test's own admin (the `admin` fixture: the demo admin's decisions stay as the seed made
 * them), signed in through /auth in English in their own browser context.
 */
async function adminPage(browser: Browser, baseURL: string, admin: TestAccount): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await hideCookieBanner(context, baseURL);
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await useLanguage(page, 'en');
  await page.goto('/auth');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The platform team lands on its own area, and the header links to the others.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Back-office' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Your areas' }).getByRole('link', { name: 'Gifts' })).toHaveAttribute('href', '/app');
  return page;
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('a new business applies, the admin checks its documents and approves it at 12 %, the owner accepts that rate on the dashboard and sells', async ({ page, browser, baseURL, playwright, admin: team, giver: buyer }) => {
  test.setTimeout(180_000);
  const run = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const email = `orxateria.${run}@example.test`;
  const businessName = `Orxateria Pau ${run}`;
  await applyAsNewBusiness(page, { email, businessName, taxId: uniqueCif(), password: 'xufa-i-fartons-2026' });

  // Somebody who is not on the team finds no admin area at all.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '¡Vaya! Página no encontrada' })).toBeVisible();
  expect((await page.request.get('/api/admin/overview')).status()).toBe(403);

  const admin = await adminPage(browser, baseURL!, team);
  await expect(admin.getByTestId('overview-pending')).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  // The application: details, the tax id's check, the documents in a sandboxed viewer.
  await openTab(admin, 'Applications');
  const card = admin.getByTestId('application').filter({ has: admin.getByRole('heading', { name: businessName }) });
  await expect(card.getByTestId('tax-id-check')).toHaveText('Valid CIF');
  await expect(card.getByText(email)).toBeVisible();
  // Scanned before the viewer opens: axe cannot run inside a frame that allows no scripts.
  await expectNoSeriousA11yViolations(admin);
  await card.getByRole('button', { name: 'View Tax registration' }).click();
  const viewer = card.getByTestId('document-viewer');
  await expect(viewer).toHaveAttribute('sandbox', '');
  const viewUrl = (await viewer.getAttribute('src'))!;
  const inline = await admin.request.get(viewUrl);
  expect(inline.status()).toBe(200);
  expect(inline.headers()['content-type']).toBe('image/png');
  expect(inline.headers()['content-security-policy']).toContain('sandbox');
  // The image really renders inside the frame.
  await expect(admin.frameLocator('[data-testid="document-viewer"]').locator('img')).toBeVisible();
  await card.getByRole('button', { name: 'Hide Tax registration' }).click();
  await expect(viewer).toHaveCount(0);
  const download = admin.waitForEvent('download');
  await card.getByRole('link', { name: /Download\s+Business licence/ }).click();
  expect((await download).suggestedFilename()).toBe('licencia.pdf');
  // The viewer is for the team only, even for the business's own owner.
  expect((await page.request.get(viewUrl)).status()).toBe(403);

  await card.getByLabel('Commission rate (%)').fill('12');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText(`${businessName} is approved.`)).toBeVisible();
  await expect(card).toHaveCount(0);

  // The owner accepted 10 % on the wizard: 12 % is a proposal until they accept it (issue
  // 29.1, ADR 065). The team sees it pending; the owner is told in Spanish.
  await openTab(admin, 'Businesses');
  await admin.getByLabel('Name, tax id or owner email').fill(businessName);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('button', { name: new RegExp(businessName) }).click();
  await expect(admin.getByTestId('commission-proposal-pending')).toHaveText(/^12\s% proposed on .+, waiting for the owner to accept it$/);
  // Back to the overview, so the detail is read afresh later.
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Back-office' })).toBeVisible();
  const approvedMail = await waitForMail(page.request, { to: email, subject: /verificado/ });
  expect(approvedMail.text).toMatch(/Comisión acordada: 10\s% de cada venta/);
  expect(approvedMail.text).toMatch(/El equipo propone una comisión del 12\s%/);

  // The dashboard shows the proposal above the tabs, with the agreement; accepting needs the box.
  await page.goto('/business/dashboard');
  await expect(page.getByTestId('verification-status')).toHaveText('verificado');
  const proposal = page.getByTestId('commission-proposal');
  await expect(proposal).toContainText(/propone una comisión del 12\s% de cada venta, en lugar del 10\s% que aceptaste/);
  await expect(proposal.getByRole('link', { name: /Leer el acuerdo para comercios/ })).toHaveAttribute('href', '/partner-terms?lang=es');
  await expectNoSeriousA11yViolations(page);
  await proposal.getByRole('button', { name: /^Aceptar el 12\s%$/ }).click();
  await expect(proposal.getByRole('alert')).toHaveText('Marca la casilla para aceptar primero el acuerdo.');
  await proposal.getByRole('checkbox', { name: /He leído el acuerdo para comercios y acepto una comisión del 12\s%/ }).check();
  await proposal.getByRole('button', { name: /^Aceptar el 12\s%$/ }).click();
  await expect(page.getByText(/Comisión del 12\s% aceptada/)).toBeVisible();
  await expect(proposal).toHaveCount(0);
  await expect(page.getByText(/^12\s%$/)).toBeVisible();
  await page.getByRole('tab', { name: 'Regalos' }).click();
  await page.getByRole('button', { name: 'Crea tu primer regalo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre').fill('Horchata y fartons para dos');
  await dialog.getByLabel('Precio en euros').fill('8,50');
  await dialog.getByRole('button', { name: 'Crear regalo' }).click();
  await expect(page.getByText('Regalo creado.')).toBeVisible();
  // Not on sale until the owner connects a payout account (ADR 053): the test provider's page.
  await page.getByRole('button', { name: 'Conectar cobros' }).first().click();
  await expect(page).toHaveURL(/\/business\/payouts\/test-onboarding/);
  await page.getByRole('button', { name: 'Completar el alta' }).click();
  await expect(page.getByRole('heading', { name: 'Tu cuenta de cobros está lista' })).toBeVisible();

  // A giver of the test's own buys it; the order carries the 12 % the owner accepted:
  // 1,02 € of 8,50 €, its 21 % IVA 0,21 €, 7,27 € for the business.
  const giver = await playwright.request.newContext({ baseURL });
  await signInAs(giver, buyer);
  const found = await giver.get(`/api/catalog/gifts?q=${encodeURIComponent('Horchata y fartons para dos')}`);
  const listed = ((await found.json()) as { items: { id: string; business: { name: string } }[] }).items;
  const newGift = listed.find((item) => item.business.name === businessName);
  expect(newGift, 'the approved business is listed with its gift').toBeDefined();
  // A recipient of this run's own: the Orders tab's business filter forgives near misses, so it
  // also finds other runs' "Orxateria Pau …" orders.
  const recipient = `Neus Ferrer ${run}`;
  await buyGift(giver, { giftId: newGift!.id, recipientName: recipient });
  await giver.dispose();
  await page.getByRole('tab', { name: 'Pedidos' }).click();
  const sold = page.getByTestId('order-card').filter({ hasText: recipient });
  await expect(sold.getByTestId('order-commission')).toHaveText(/^1,02\s€ \(12\s%\)$/);
  await expect(sold.getByTestId('order-net')).toHaveText(/^7,27\s€$/);

  // The admin finds the business, its gift, its history; the audit log has the approval.
  await openTab(admin, 'Businesses');
  await admin.getByLabel('Name, tax id or owner email').fill(businessName);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('button', { name: new RegExp(businessName) }).click();
  const detail = admin.getByTestId('business-detail');
  await expect(detail.getByText('Horchata y fartons para dos').first()).toBeVisible();
  await expect(detail.getByText(recipient)).toBeVisible();
  await expect(detail.getByTestId('application-history')).toContainText('Approved');
  await expect(detail.getByText(/^12\s%$/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  await openTab(admin, 'Orders');
  await admin.getByLabel('Business name').fill(businessName);
  await admin.getByRole('button', { name: 'Search' }).click();
  await expect(admin.getByText(recipient)).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  await openTab(admin, 'Audit log');
  await admin.getByLabel('Action').selectOption('application_approved');
  await admin.getByRole('button', { name: 'Search' }).click();
  // The other admin journey may approve another business at the same time: find this one.
  // Named and in words: the business, not its id; "Proposed commission: 12 %", not "proposedCommissionRate: 12".
  const approval = admin.getByTestId('audit-list').locator('li').filter({ hasText: businessName });
  await expect(approval.filter({ hasText: /Proposed commission: 12\s%/ })).toHaveCount(1);
  await expect(approval.getByText('Review: Waiting → Approved')).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.context().close();
});

test('a rejected business reads the reason, corrects a document, resubmits and is approved', async ({ page, browser, baseURL, admin: team }) => {
  const run = `${Date.now().toString(36)}${test.info().workerIndex}r`;
  const email = `bodega.${run}@example.test`;
  const businessName = `Bodega Russafa ${run}`;
  await applyAsNewBusiness(page, { email, businessName, taxId: uniqueCif(), password: 'vermut-de-russafa-2026' });

  const admin = await adminPage(browser, baseURL!, team);
  await openTab(admin, 'Applications');
  let card = admin.getByTestId('application').filter({ has: admin.getByRole('heading', { name: businessName }) });
  // A reason is required.
  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(card.getByText('Fill this in.')).toBeVisible();
  await card.getByLabel('Reason for rejecting').fill('La licencia de actividad no se lee: sube una copia nítida.');
  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(card).toHaveCount(0);

  await waitForMail(page.request, { to: email, subject: /Necesitamos algo más/ });
  await page.goto('/business/dashboard');
  await expect(page.getByTestId('verification-status')).toHaveText('rechazado');
  await expect(page.getByText('La licencia de actividad no se lee: sube una copia nítida.')).toBeVisible();
  const resubmit = page.getByTestId('resubmit-card');
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId('resubmit-file-business_license').setInputFiles({ name: 'licencia-nitida.pdf', mimeType: 'application/pdf', buffer: pdf('Licencia nítida') });
  await expect(resubmit.getByText(/licencia-nitida\.pdf/)).toBeVisible();
  await resubmit.getByRole('button', { name: 'Volver a enviar mi solicitud' }).click();
  await expect(page.getByTestId('verification-status')).toHaveText('pendiente');

  await admin.reload();
  card = admin.getByTestId('application').filter({ has: admin.getByRole('heading', { name: businessName }) });
  await expect(card.getByText(/Resubmission after a rejection/).first()).toBeVisible();
  await expect(card.getByTestId('application-history')).toContainText('La licencia de actividad no se lee');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('verification-status')).toHaveText('verificado');
  await admin.context().close();

  // Signing in again takes the owner straight to the dashboard, whose header
  // links to the consumer area too.
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('vermut-de-russafa-2026');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/business\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Tus áreas' }).getByRole('link', { name: 'Regalos' })).toHaveAttribute('href', '/app');
});
