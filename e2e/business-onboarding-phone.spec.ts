import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations as scan } from './support/axe';
import { pdf, png, uniqueCif } from './support/business-application';
import { hideCookieBanner } from './support/consent';
import { expect, test, useLanguage } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';

// Toasts fade in and out over the page; axe catches them mid-fade (as in business-onboarding.spec.ts).
const expectNoSeriousA11yViolations = (page: Page) => scan(page, { exclude: ['[data-sonner-toaster]'] });

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

test.use({ language: 'va', ...phone });

/**
 * A new partner is never locked out (ADR 081): a café owner fills the interest form on the
 * phone's browser, then opens the confirmation mail in the phone's mail app — another browser,
 * with nothing of the first — sets the password there and finishes the wizard, which now asks
 * for what the invoices and the district filter need. In Valencian, at 390 px.
 */
test('a partner fills the interest form, opens the mail elsewhere, sets the password there and finishes the wizard', async ({ page, context, baseURL, browser }) => {
  test.setTimeout(180_000);
  await hideCookieBanner(context, baseURL!);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const run = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const email = `orxateria.${run}@example.test`;
  const businessName = `Orxateria del Mercat ${run}`;
  const password = 'fartons-de-la-xufa-1871';

  // 1. The interest form, in the phone's browser: no password asked.
  await page.goto('/business/interest');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ca-ES-valencia');
  await page.getByLabel('Nom del negoci').fill(businessName);
  await page.getByLabel('Correu electrònic').fill(email);
  await page.getByRole('button', { name: 'Registrar el meu negoci' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa el teu correu' })).toBeVisible();

  // 2. The mail, read in the mail app: a new browser context with nothing of the form's.
  const mail = await waitForMail(page.request, { to: email });
  expect(mail.text).toContain('tria la teua contrasenya');
  const link = new URL(linkIn(mail, '/confirm?token='));
  const mailApp = await browser.newContext({ baseURL, ...phone });
  try {
    await useLanguage(mailApp, 'va');
    await hideCookieBanner(mailApp, baseURL!);
    const app = await mailApp.newPage();
    await app.emulateMedia({ reducedMotion: 'reduce' });
    await app.goto(link.pathname + link.search);
    await expect(app.getByRole('heading', { name: 'Crea la teua contrasenya' })).toBeVisible();
    const address = app.getByLabel('Correu a què es va enviar l’enllaç');
    // Nothing tells this browser whose link it is: the address is typed.
    await expect(address).toHaveValue('');
    await expectNoSeriousA11yViolations(app);

    await address.fill(`someone.else.${run}@example.test`);
    await app.getByLabel('Contrasenya nova').fill(password);
    await app.getByRole('button', { name: 'Guardar la contrasenya i continuar' }).click();
    await expect(app.getByText('Esta no és l’adreça a què es va enviar l’enllaç.', { exact: false })).toBeVisible();

    await address.fill(email);
    await app.getByRole('button', { name: 'Guardar la contrasenya i continuar' }).click();
    await expect(app).toHaveURL(/\/business\/signup$/);

    // 3. The wizard, in the mail app's browser: it knows who is registering.
    await expect(app.getByRole('heading', { name: 'Dades del negoci' })).toBeVisible();
    await expect(app.getByLabel('Nom del negoci')).toHaveValue(businessName);
    // The password is set: step 1 no longer asks for one.
    await expect(app.getByRole('heading', { name: 'Crea una contrasenya per a poder entrar més avant' })).toHaveCount(0);
    await app.getByRole('combobox', { name: 'Categoria' }).click();
    await app.getByRole('option', { name: 'Begudes tradicionals' }).click();
    await app.getByLabel('Adreça').fill('Plaça del Mercat, 7, València');
    // The fiscal address starts as the business address.
    await expect(app.getByLabel('Domicili fiscal')).toHaveValue('Plaça del Mercat, 7, València');
    await app.getByRole('combobox', { name: 'Districte de València' }).click();
    await app.getByRole('option', { name: 'Ciutat Vella' }).click();
    await app.getByLabel('NIF/CIF').fill(uniqueCif());
    await expect(app.getByTestId('next-hint')).toContainText('Raó social');
    await app.getByLabel('Raó social').fill(`${businessName} S.L.`);
    await app.getByLabel('Domicili fiscal').fill('Plaça del Mercat, 7, 46001 València');
    await expect(app.getByTestId('next-hint')).toHaveCount(0);
    await expectNoSeriousA11yViolations(app);
    await app.getByRole('button', { name: 'Següent' }).click();

    await expect(app.getByRole('heading', { name: 'Documents de verificació' })).toBeVisible();
    await app.locator('#document-business_license').setInputFiles({ name: 'llicencia.pdf', mimeType: 'application/pdf', buffer: pdf('Llicencia') });
    await expect(app.getByTestId('document-business_license-name')).toContainText('llicencia.pdf');
    await app.locator('#document-tax_registration').setInputFiles({ name: 'model-036.png', mimeType: 'image/png', buffer: png });
    await expect(app.getByTestId('document-tax_registration-name')).toContainText('model-036.png');
    await app.locator('#document-articles_incorporation').setInputFiles({ name: 'escriptura.pdf', mimeType: 'application/pdf', buffer: pdf('Escriptura') });
    await expect(app.getByText('3 / 3 documents obligatoris pujats')).toBeVisible();
    await app.getByRole('button', { name: 'Següent' }).click();

    await expect(app.getByRole('heading', { name: 'Acord de comissió' })).toBeVisible();
    await app.getByRole('checkbox', { name: /Accepte l'acord de comissió/ }).check();
    await app.getByRole('button', { name: 'Enviar el registre' }).click();
    await expect(app).toHaveURL(/\/business\/dashboard$/);
    await expect(app.getByTestId('verification-status')).toHaveText('pendent');
    // Registered with its invoicing details: no task asks for them.
    await expect(app.getByTestId('invoicing-details')).toHaveCount(0);
    const me = (await (await app.request.get('/api/business/me')).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ legalName: `${businessName} S.L.`, fiscalAddress: 'Plaça del Mercat, 7, 46001 València', district: 'ciutat_vella', invoicingDataMissing: [] });

    // 4. The link is used up: opened again (in the form's browser), it sets nothing and says to sign in.
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { name: 'El teu correu ja està confirmat' })).toBeVisible();
    // And the password works from anywhere.
    const signedIn = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: new URL(baseURL!).origin } });
    expect(signedIn.status()).toBe(200);
  } finally {
    await mailApp.close();
  }
});
