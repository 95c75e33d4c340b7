import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations as scan } from './support/axe';
import { createApprovedBusiness } from './support/business-application';
import { hideCookieBanner } from './support/consent';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';

// Toasts fade in and out over the page; axe catches them mid-fade (as in consumer.spec.ts).
const expectNoSeriousA11yViolations = (page: Page) => scan(page, { exclude: ['[data-sonner-toaster]'] });

// The business applies through the real wizard, which the helper walks in Spanish; the owner
// then switches the dashboard to Valencian.
test.use({ language: 'es' });

/**
 * After approval a new business gets one ordered checklist, on the dashboard (here in
 * Valencian, on a phone) and in the approval email: accept the commission, connect payouts,
 * complete the invoicing details (done already: the wizard asks for them), create the first
 * gift. Each step turns done from the data, and "you are live" shows only once a gift is
 * really on sale.
 */
test('an approved new business follows one checklist to its first gift on sale, in Valencian on a phone', async ({ page, context, baseURL, playwright }) => {
  test.setTimeout(180_000);
  await hideCookieBanner(context, baseURL!);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const admin = await playwright.request.newContext({ baseURL });
  // Approved at 12 % although the wizard accepted 10 %: a proposal the owner has to accept.
  const { businessName, email } = await createApprovedBusiness(page, admin, 'Orxateria Llum', { commissionRate: 12 });
  await admin.dispose();

  // The approval email (in the language the owner applied in) lists the same steps, none claimed done but the ones that are.
  const mail = await waitForMail(page.request, { to: email, subject: /verificado/ });
  expect(mail.text).toContain('Tus regalos se ponen a la venta cuando completes estos pasos:');
  expect(mail.text).toMatch(/1\. Acepta la comisión: http\S+\/business\/dashboard\?tab=verification/);
  expect(mail.text).toMatch(/2\. Conecta tu cuenta de cobros: http\S+\/business\/dashboard\?tab=payouts/);
  expect(mail.text).toContain('3. Completa tus datos de facturación: hecho');
  expect(mail.text).toMatch(/4\. Crea tu primer regalo: http\S+\/business\/dashboard\?tab=gifts/);
  expect(mail.text).not.toMatch(/ya aparece|están a la venta en Regalo/);

  await page.goto('/business/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  await page.getByLabel('Idioma').selectOption('va');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ca-ES-valencia');

  const checklist = page.getByTestId('launch-checklist');
  const step = (key: string) => page.getByTestId(`launch-step-${key}`);
  const progress = page.getByTestId('launch-progress');
  const backToChecklist = async () => {
    await page.getByRole('tab', { name: 'Verificació' }).click();
    await expect(checklist).toBeVisible();
  };
  await expect(checklist.getByRole('heading', { name: 'Posa els teus regals a la venda' })).toBeVisible();
  await expect(progress).toHaveText('1 de 4 passos fets');
  for (const key of ['commission', 'payouts', 'firstGift']) await expect(step(key)).toHaveAttribute('data-done', 'false');
  await expect(step('invoicing')).toHaveAttribute('data-done', 'true');
  // Nothing else on the page says the business is on sale.
  await expect(page.getByRole('heading', { name: 'El teu negoci està verificat' })).toBeVisible();
  await expect(page.getByText(/ja apareix|estan a la venda/)).toHaveCount(0);
  await expect(page.getByText('Ja estàs a la venda')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // 1. The commission: the proposal card, above the tabs.
  await step('commission').getByRole('link', { name: 'Revisar-la i acceptar-la' }).click();
  await page.getByRole('checkbox', { name: /He llegit l'acord per a comerços/ }).check();
  await page.getByRole('button', { name: /Acceptar el 12/ }).click();
  await expect(step('commission')).toHaveAttribute('data-done', 'true');
  await expect(progress).toHaveText('2 de 4 passos fets');

  // 2. Payouts, on the test provider's onboarding page; the Payouts tab no longer claims the gifts are on sale.
  await step('payouts').getByRole('link', { name: 'Connectar els cobraments' }).click();
  await expect(page).toHaveURL(/tab=payouts/);
  await page.getByRole('button', { name: 'Connectar els cobraments' }).click();
  await expect(page).toHaveURL(/\/business\/payouts\/test-onboarding/);
  await page.getByRole('button', { name: "Completar l'alta" }).click();
  await expect(page).toHaveURL(/tab=payouts/);
  await expect(page.getByRole('heading', { name: 'El teu compte de cobraments està preparat' })).toBeVisible();
  await expect(page.getByText('Regalo ja et pot enviar els teus diners', { exact: false })).toBeVisible();
  await expect(page.getByText(/estan a la venda/)).toHaveCount(0);
  await backToChecklist();
  await expect(step('payouts')).toHaveAttribute('data-done', 'true');
  await expect(progress).toHaveText('3 de 4 passos fets');
  // Every step but the gift: still not live.
  await expect(checklist).toHaveAttribute('data-live', 'false');
  await expect(page.getByText('Ja estàs a la venda')).toHaveCount(0);

  // 4. The first gift (3, the invoicing details, came with the wizard).
  await step('firstGift').getByRole('link', { name: 'Crear un regal' }).click();
  await expect(page).toHaveURL(/tab=gifts/);
  await page.getByRole('button', { name: 'Crea el teu primer regal' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nom').fill('Orxata i fartons per a dos');
  await dialog.getByLabel('Preu en euros').fill('9,00');
  await dialog.getByRole('button', { name: 'Crear el regal' }).click();
  await expect(page.getByText('Regal creat.').first()).toBeVisible();

  // Now, and only now, the business is live; its shop page sells the gift.
  await backToChecklist();
  await expect(checklist).toHaveAttribute('data-live', 'true');
  await expect(checklist.getByRole('heading', { name: 'Ja estàs a la venda' })).toBeVisible();
  await expect(checklist.locator('ol')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await checklist.getByRole('link', { name: 'Veure la pàgina de la teua botiga' }).click();
  await expect(page.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Orxata i fartons per a dos' }).first()).toBeVisible();
});
