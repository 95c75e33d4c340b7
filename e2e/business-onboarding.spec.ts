import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations as scan } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, test } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';

// Toasts fade in and out over the page; axe catches them mid-fade (as in consumer.spec.ts).
const expectNoSeriousA11yViolations = (page: Page) => scan(page, { exclude: ['[data-sonner-toaster]'] });

test.use({ language: 'es' });

test.beforeEach(async ({ context, baseURL, page }) => {
  await hideCookieBanner(context, baseURL!);
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** A minimal but well-formed one-page PDF: the server checks files by their magic bytes. */
function pdf(title: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Title(${title})>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

/** A 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/**
 * A Valencia horchatería registers in Spanish: interest form → confirmation mail → /confirm →
 * /business/confirm → the three-step wizard as a company with three documents → the
 * dashboard shows the application as pending.
 */
test('a business registers in Spanish from the interest form to a pending dashboard', async ({ page }) => {
  // Every step of the wizard, three documents and seven accessibility scans: minutes on a busy machine.
  test.setTimeout(180_000);
  const email = `horchateria.${Date.now()}.${test.info().workerIndex}@example.test`;
  const businessName = 'Horchatería Santa Catalina';

  // 1. Interest form, checked before anything is sent.
  await page.goto('/business/interest');
  await expect(page.getByRole('heading', { name: 'Vende tus regalos en Regalo' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByRole('button', { name: 'Registrar mi negocio' }).click();
  await expect(page.getByLabel('Nombre del negocio')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Este campo es obligatorio.').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Nombre del negocio').fill(businessName);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Registrar mi negocio' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
  await expectToast(page, '¡Registro del negocio iniciado! Revisa tu correo para confirmar la cuenta.');
  await expect(page.getByText(`Hemos enviado un enlace de confirmación a ${email}.`)).toBeVisible();
  await expect(page.getByText('Pulsa el enlace de confirmación del correo.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al inicio' }).last()).toHaveAttribute('href', '/');

  // The same address again gets exactly the same answer, so the form cannot tell whether an
  // address has an account (ADR 035); the owner's link still works, so no new mail is sent.
  await page.goto('/business/interest');
  await page.getByLabel('Nombre del negocio').fill('Otra horchatería');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Registrar mi negocio' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
  await expect(page.getByText(`Hemos enviado un enlace de confirmación a ${email}.`)).toBeVisible();

  // 2. The mail arrives in Spanish with the link to /confirm.
  const mail = await waitForMail(page.request, { to: email });
  expect(mail.subject).toBe('Confirma el correo de tu negocio en Regalo');
  const link = linkIn(mail, '/confirm?token=');
  expect(new URL(link).searchParams.get('type')).toBe('business');

  // 3. /confirm asks for the password (the browser that filled the form is told the address);
  // saving it confirms the email, signs the owner in and goes on to the wizard.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Crea tu contraseña' })).toBeVisible();
  await expect(page.getByLabel('Correo al que se envió el enlace')).toHaveValue(email);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Nueva contraseña').fill('chufa-de-alboraya-1836');
  await page.getByRole('button', { name: 'Guardar contraseña y continuar' }).click();
  await expect(page).toHaveURL(/\/business\/signup$/);
  const session = await (await page.request.get('/api/auth/get-session')).json();
  expect(session.user).toMatchObject({ email, emailVerified: true, isBusiness: true });

  // 4. /business/confirm shows who is registering.
  await page.goto('/business/confirm');
  await expect(page.getByRole('heading', { name: 'Correo confirmado' })).toBeVisible();
  await expect(page.getByText(businessName)).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Continuar con el registro' }).click();
  await expect(page).toHaveURL(/\/business\/signup$/);

  // 5. Wizard step 1: business information.
  await expect(page.getByRole('heading', { name: 'Datos del negocio' })).toBeVisible();
  await expect(page.getByText('Paso 1 de 3')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  const next = page.getByRole('button', { name: 'Siguiente' });
  await expect(next).toBeDisabled();
  await expect(page.getByLabel('Nombre del negocio')).toHaveValue(businessName);

  await page.getByRole('combobox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'Bebidas tradicionales' }).click();
  await expect(page.getByRole('combobox', { name: 'Categoría' })).toContainText('Bebidas tradicionales');
  await page.getByLabel('Dirección').fill('Plaza de Santa Catalina, 6, València');
  await page.getByRole('combobox', { name: 'Distrito de Valencia' }).click();
  await page.getByRole('option', { name: 'Ciutat Vella' }).click();
  await page.getByLabel('Razón social').fill('Horchatería Santa Catalina S.L.');
  await expect(page.getByLabel('Domicilio fiscal')).toHaveValue('Plaza de Santa Catalina, 6, València');
  await expect(page.getByRole('radio', { name: 'Empresa' })).toBeChecked();

  // A CIF with a wrong control digit is refused when leaving the field; editing clears it.
  const taxId = page.getByLabel('NIF/CIF');
  await expect(taxId).toHaveAttribute('placeholder', 'CIF/NIF');
  await taxId.fill('B12345675');
  await taxId.blur();
  const invalidTaxId = page.getByText('Escribe un CIF, NIF o NIE válido (NIE solo para personas físicas).');
  await expect(invalidTaxId).toBeVisible();
  await expect(next).toBeDisabled();
  // A valid NIE on a company is the wrong business type, and the message says which to pick.
  await taxId.fill('X1234567L');
  await taxId.blur();
  await expect(page.getByText(/Un NIE identifica a una persona/)).toBeVisible();
  await taxId.fill('b12345674');
  await expect(invalidTaxId).toBeHidden();
  await expect(page.getByText(/Un NIE identifica a una persona/)).toBeHidden();
  await expect(next).toBeEnabled();
  await page.getByLabel('Sitio web').fill('horchateriasantacatalina.es');

  // The optional photo: a PDF is refused in the browser; a real picture is previewed and kept
  // until the registration exists, then sent.
  await expect(page.getByText('También puedes añadirla o cambiarla más adelante desde tu panel.')).toBeVisible();
  const photo = page.locator('input[type="file"]');
  const photoPreview = page.getByRole('img', { name: 'Vista previa de la foto del negocio' });
  await photo.setInputFiles({ name: 'carta.pdf', mimeType: 'application/pdf', buffer: pdf('Carta') });
  await expectToast(page, 'Este archivo no es una imagen JPG, PNG o WebP');
  await expect(photoPreview).toHaveCount(0);
  const facade = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#f2e3c6' } }).png().toBuffer();
  await photo.setInputFiles({ name: 'fachada.png', mimeType: 'image/png', buffer: facade });
  await expect(photoPreview).toHaveAttribute('src', /^blob:/);
  await expect(page.getByRole('button', { name: 'Quitar foto' })).toBeVisible();

  // The password was set at the link: step 1 does not ask for one.
  await expect(page.getByRole('heading', { name: 'Crea una contraseña para poder entrar más adelante' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await next.click();

  // 6. Step 2: the three documents of a company.
  await expect(page.getByRole('heading', { name: 'Documentos de verificación' })).toBeVisible();
  await expect(page.getByText('Paso 2 de 3')).toBeVisible();
  await expect(page.getByText('0 / 3 documentos obligatorios subidos')).toBeVisible();
  await expect(next).toBeDisabled();
  // A PDF or a phone's photo of the paper (JPG or PNG).
  await expect(page.locator('#document-articles_incorporation')).toHaveAttribute('accept', '.pdf,.jpg,.jpeg,.png');

  // Refused in the browser before any upload: too big, and a file of another kind, named.
  await page.locator('#document-business_license').setInputFiles({
    name: 'licencia-enorme.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20),
  });
  await expectToast(page, 'El archivo es demasiado grande. El tamaño máximo es de 10 MB.');
  await page.locator('#document-articles_incorporation').setInputFiles({ name: 'escritura.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expectToast(page, '«escritura.gif» no se puede usar: este documento tiene que ser un archivo PDF');
  await expect(page.getByText('0 / 3 documentos obligatorios subidos')).toBeVisible();

  await page.locator('#document-business_license').setInputFiles({ name: 'licencia.pdf', mimeType: 'application/pdf', buffer: pdf('Licencia') });
  await expect(page.getByTestId('document-business_license-name')).toContainText('licencia.pdf');
  await page.locator('#document-tax_registration').setInputFiles({ name: 'modelo-036.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('document-tax_registration-name')).toContainText('modelo-036.png');
  await expect(page.getByText('2 / 3 documentos obligatorios subidos')).toBeVisible();
  await expect(next).toBeDisabled();
  await page
    .locator('#document-articles_incorporation')
    .setInputFiles({ name: 'escritura.pdf', mimeType: 'application/pdf', buffer: pdf('Escritura') });
  await expect(page.getByTestId('document-articles_incorporation-name')).toContainText('escritura.pdf');
  await expect(page.getByText('3 / 3 documentos obligatorios subidos')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await next.click();

  // 7. Step 3: the commission must be accepted.
  await expect(page.getByRole('heading', { name: 'Acuerdo de comisión' })).toBeVisible();
  await expect(page.getByText('Paso 3 de 3')).toBeVisible();
  await expect(page.getByText(/10\s%/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Enviar registro' }).click();
  await expectToast(page, 'Debes aceptar el acuerdo de comisión para continuar.');
  await expect(page).toHaveURL(/\/business\/signup$/);

  await page.getByRole('checkbox', { name: /Acepto el acuerdo de comisión/ }).check();
  await page.getByRole('button', { name: 'Enviar registro' }).click();

  // 8. The dashboard shows the application waiting for review.
  await expect(page).toHaveURL(/\/business\/dashboard$/);
  await expectToast(page, '¡Registro enviado! Revisaremos tu negocio en breve.');
  await expect(page.getByRole('heading', { name: businessName })).toBeVisible();
  await expect(page.getByTestId('verification-status')).toHaveText('pendiente');
  // Until the team approves it: the action-required card, and gifts and orders stay closed.
  await expect(page.getByRole('heading', { name: 'Acción necesaria' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Regalos' })).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'Pedidos' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  // The photo picked in step 1 was sent once the business existed.
  await page.getByRole('tab', { name: 'Perfil' }).click();
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen' })).toHaveAttribute('src', /^\/api\/files\/public\//);

  // Signing in again later works with the password set in the wizard.
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'chufa-de-alboraya-1836' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(signIn.status()).toBe(200);
});

test('the onboarding pages explain broken links and keep anonymous visitors out', async ({ page }) => {
  // No token: an error without asking the server.
  await page.goto('/confirm');
  await expect(page.getByRole('heading', { name: 'No se ha podido confirmar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Intentar de nuevo' })).toHaveAttribute('href', '/business/interest');

  // An unknown token of a consumer link: the same error, and "try again" goes home.
  await page.goto('/confirm?token=not-a-real-token&type=consumer');
  await expect(page.getByRole('heading', { name: 'No se ha podido confirmar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Intentar de nuevo' })).toHaveAttribute('href', '/');
  await expectNoSeriousA11yViolations(page);

  for (const path of ['/business/signup', '/business/confirm']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/business\/interest$/);
  }
  await page.goto('/business/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});
