import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { createTestAccount, signInAs } from './fixtures';
import { linkIn, waitForMail } from './mailbox';

/** A minimal but well-formed one-page PDF: the server checks files by their magic bytes. */
export function pdf(title: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Title(${title})>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

/** A 1×1 PNG. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A new company applies through the real onboarding, in Spanish (the page's language must
 * already be `es`): interest form → mailed link (where the password is set) → wizard with three documents → the
 * dashboard shows it pending. Leaves the owner signed in on `page`.
 */
export async function applyAsNewBusiness(page: Page, input: { email: string; businessName: string; taxId: string; password: string }) {
  await page.goto('/business/interest');
  await page.getByLabel('Nombre del negocio').fill(input.businessName);
  await page.getByLabel('Correo electrónico').fill(input.email);
  await page.getByRole('button', { name: 'Registrar mi negocio' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
  const link = new URL(linkIn(await waitForMail(page.request, { to: input.email }), '/confirm?token='));
  // The link's page asks for the password (the address is shown in the browser that filled the form).
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Crea tu contraseña' })).toBeVisible();
  await expect(page.getByLabel('Correo al que se envió el enlace')).toHaveValue(input.email);
  await page.getByLabel('Nueva contraseña').fill(input.password);
  await page.getByRole('button', { name: 'Guardar contraseña y continuar' }).click();
  await expect(page).toHaveURL(/\/business\/signup$/);

  await expect(page.getByRole('heading', { name: 'Datos del negocio' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'Bebidas tradicionales' }).click();
  await page.getByLabel('Dirección').fill('Carrer de la Pau, 12, València');
  await page.getByRole('combobox', { name: 'Distrito de Valencia' }).click();
  await page.getByRole('option', { name: 'Ciutat Vella' }).click();
  await page.getByLabel('NIF/CIF').fill(input.taxId);
  await page.getByLabel('Razón social').fill(`${input.businessName} S.L.`);
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page.getByRole('heading', { name: 'Documentos de verificación' })).toBeVisible();
  await page.locator('#document-business_license').setInputFiles({ name: 'licencia.pdf', mimeType: 'application/pdf', buffer: pdf('Licencia') });
  await expect(page.getByTestId('document-business_license-name')).toContainText('licencia.pdf');
  await page.locator('#document-tax_registration').setInputFiles({ name: 'modelo-036.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('document-tax_registration-name')).toContainText('modelo-036.png');
  await page.locator('#document-articles_incorporation').setInputFiles({ name: 'escritura.pdf', mimeType: 'application/pdf', buffer: pdf('Escritura') });
  await expect(page.getByText('3 / 3 documentos obligatorios subidos')).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page.getByRole('heading', { name: 'Acuerdo de comisión' })).toBeVisible();
  await page.getByRole('checkbox', { name: /Acepto el acuerdo de comisión/ }).check();
  await page.getByRole('button', { name: 'Enviar registro' }).click();
  await expect(page).toHaveURL(/\/business\/dashboard$/);
  await expect(page.getByTestId('verification-status')).toHaveText('pendiente');
}

/** A valid CIF (company) unique to this run: entity B, 7 digits, control digit. */
export function uniqueCif(): string {
  const digits = String(Date.now() % 10_000_000).padStart(7, '0');
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const n = Number(digits[i]);
    if (i % 2 === 1) sum += n;
    else sum += Math.floor((n * 2) / 10) + ((n * 2) % 10);
  }
  return `B${digits}${(10 - (sum % 10)) % 10}`;
}

/**
 * A verified business of the journey's own, so it can change gifts freely: it applies
 * through the real onboarding (applyAsNewBusiness, so the page's language must be `es`) and
 * an admin of the journey's own approves it through the back-office API (signing `admin`, a
 * request context of its own, in as that admin), at the 10 % the wizard accepted unless
 * `commissionRate` proposes another (ADR 065). Leaves the owner signed in on `page`.
 */
export async function createApprovedBusiness(page: Page, admin: APIRequestContext, label: string, options: { commissionRate?: number } = {}) {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const businessName = `${label} ${run}`;
  const email = `owner.${run}@example.test`;
  await applyAsNewBusiness(page, { email, businessName, taxId: uniqueCif(), password: 'horchata-de-xufa-2026' });
  const origin = new URL(baseURL).origin;
  await signInAs(admin, await createTestAccount(admin, 'admin'));
  const queue = (await (await admin.get('/api/admin/applications')).json()) as { items: { business: { id: string; name: string } }[] };
  const business = queue.items.find((item) => item.business.name === businessName)?.business;
  expect(business, 'the application is in the queue').toBeDefined();
  const approved = await admin.post(`/api/admin/businesses/${business!.id}/approve`, { data: { commissionRate: options.commissionRate ?? 10 }, headers: { origin } });
  expect(approved.status(), `approval answered ${approved.status()}: ${await approved.text()}`).toBe(200);
  return { businessName, email };
}

/**
 * Connects the signed-in owner's payout account on the test provider, as its onboarding page
 * would (ADR 053: a business is sold only once it can be paid). For journeys about something
 * else; `e2e/payouts.spec.ts` walks the page itself.
 */
export async function connectTestPayouts(page: Page) {
  const origin = new URL(baseURL).origin;
  const started = await page.request.post('/api/business/payout-account/onboarding', { headers: { origin } });
  expect(started.status(), `onboarding answered ${started.status()}: ${await started.text()}`).toBe(200);
  const completed = await page.request.post('/api/payouts/test/onboarding/complete', { headers: { origin } });
  expect(completed.status(), `test onboarding answered ${completed.status()}: ${await completed.text()}`).toBe(200);
  expect(((await completed.json()) as { status: string }).status).toBe('active');
}
