import { baseURL } from '../playwright.config';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';

test.use({ locale: 'es-ES' });

/*
 * ADR 059 (DSA arts. 16-17): a giver reports a gift from the catalogue; the platform team
 * hides it from the Reports tab; the gift leaves the catalogue and its owner receives the
 * statement of reasons. The gift belongs to a business of the journey's own (the
 * `signedInOwner` fixture), the giver and the admin are the journey's own too, so hiding it
 * changes nothing the other journeys rely on.
 */
test('a giver reports a gift and the admin hides it', async ({ page, browser, request, signedInOwner: owner, giver: reporter, admin }) => {
  const { name: businessName } = owner.business!;
  const ownerEmail = owner.email;
  // A word no other journey uses: searches match word by word, and every journey of a run
  // shares one catalogue (the keyboard journey sells a "Coca de llanda" too).
  const giftName = `Coca denunciable ${Date.now().toString(36)}`;
  const origin = new URL(baseURL).origin;
  const created = await page.request.post('/api/business/gifts', { data: { name: giftName, price: '12' }, headers: { origin } });
  expect(created.status(), await created.text()).toBe(201);

  // A signed-in giver finds the gift and reports it.
  const giverContext = await browser.newContext({ locale: 'es-ES', baseURL });
  await hideCookieBanner(giverContext, baseURL);
  await signInAs(giverContext.request, reporter);
  const giverPage = await giverContext.newPage();
  expect(reporter.email).toContain('@example.test');
  await giverPage.goto('/app?tab=gifts');
  await giverPage.getByLabel('Buscar regalos').fill(giftName);
  const card = giverPage.getByRole('listitem').filter({ hasText: giftName });
  await card.getByRole('link', { name: `Denunciar ${giftName} · ${businessName}` }).click();
  await expect(giverPage.getByRole('heading', { level: 1, name: 'Denunciar un anuncio' })).toBeVisible();
  await expect(giverPage.getByTestId('report-target')).toContainText(giftName);
  await giverPage.getByLabel('¿Qué ocurre?').selectOption('illegal_product');
  await giverPage.getByLabel('¿Por qué? Explica qué está mal').fill('Vende licor casero sin etiquetar.');
  const reporterEmail = `vecina.${Date.now().toString(36)}@example.test`;
  await giverPage.getByLabel('Tu correo electrónico (opcional)').fill(reporterEmail);
  await giverPage.getByRole('button', { name: 'Enviar denuncia' }).click();
  await expect(giverPage.getByTestId('report-sent')).toContainText('Referencia');
  const ack = await waitForMail(request, { to: reporterEmail });
  expect(ack.subject).toBe('Hemos recibido tu denuncia');

  // The admin hides it from the Reports tab.
  const adminContext = await browser.newContext({ locale: 'es-ES', baseURL });
  await hideCookieBanner(adminContext, baseURL);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/auth');
  await adminPage.getByLabel('Correo electrónico').fill(admin.email);
  await adminPage.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(admin.password);
  await adminPage.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(adminPage).toHaveURL(/\/admin/);
  await adminPage.goto('/admin?tab=reports');
  const report = adminPage.getByTestId('report-card').filter({ hasText: giftName });
  await expect(report).toContainText('Vende licor casero sin etiquetar.');
  await report.getByLabel(/Por qué/).fill('Venta de alcohol sin la licencia necesaria.');
  await report.getByLabel(/Hechos en los que te basas/).fill('La descripción ofrece licor casero; el comercio no tiene licencia para venderlo.');
  await report.getByRole('button', { name: 'Ocultar anuncio' }).click();
  await expect(adminPage.getByTestId('report-card').filter({ hasText: giftName })).toHaveCount(0);

  // Gone from the catalogue; the owner has the statement of reasons, the reporter the decision.
  await giverPage.goto('/app?tab=gifts');
  await giverPage.getByLabel('Buscar regalos').fill(giftName);
  await expect(giverPage.getByText('Ningún regalo coincide con tu búsqueda.')).toBeVisible();
  const statement = await waitForMail(request, { to: ownerEmail, subject: /Hemos ocultado tu regalo/ });
  expect(statement.text).toContain('Venta de alcohol sin la licencia necesaria.');
  expect(statement.text).toContain('Cómo recurrir');
  const decided = await waitForMail(request, { to: reporterEmail, subject: /Hemos retirado/ });
  expect(decided.text).toContain('Venta de alcohol sin la licencia necesaria.');
  await giverContext.close();
  await adminContext.close();
});
