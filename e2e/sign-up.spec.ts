import { expect, test, useLanguage } from './support/fixtures';
import { expectNoSeriousA11yViolations } from './support/axe';
import { linkIn, waitForMail } from './support/mailbox';

test.beforeEach(async ({ context, baseURL }) => {
  // A returning visitor who already chose cookies: the banner would cover the forms.
  await context.addCookies([{ name: 'cookie-consent', value: 'necessary', url: baseURL! }]);
});

/**
 * A new giver signs up in Spanish, tries to sign in before confirming, confirms through the
 * emailed link, lands in /app signed in, and signs out.
 */
test('sign up in Spanish, confirm the email and sign out', async ({ page }) => {
  const email = `lucia.${Date.now()}.${test.info().workerIndex}@example.test`;
  const password = 'naranjas-de-valencia';
  await useLanguage(page, 'es');

  await page.goto('/auth?tab=signup');
  await expect(page.getByRole('tab', { name: 'Registrarse' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // The form checks its fields before anything is sent.
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByLabel('Nombre y apellidos')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Este campo es obligatorio.').first()).toBeVisible();

  await page.getByLabel('Nombre y apellidos').fill('Lucía Ferrer');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('corta');
  await expect(page.getByText('Entre 8 y 128 caracteres', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('La contraseña necesita al menos 8 caracteres.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await page.getByLabel('Teléfono').fill('612 345 678');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const mail = await waitForMail(page.request, { to: email });
  expect(mail.subject).toBe('Confirma tu correo electrónico en Regalo');

  // Signing in before confirming explains what is missing and offers a new link.
  await page.getByRole('tab', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Primero confirma tu correo')).toBeVisible();
  await page.getByRole('button', { name: 'Reenviar el enlace' }).click();
  await expect(page.getByText(`Te hemos enviado un enlace nuevo a ${email}.`)).toBeVisible();
  const resent = await waitForMail(page.request, { to: email, after: mail });
  expect(resent.subject).toBe('Confirma tu correo electrónico en Regalo');

  // A damaged link explains itself on the sign-in page instead of failing silently.
  await page.goto('/api/auth/verify-email?token=not-a-token&callbackURL=/app');
  await expect(page.getByText('El enlace no es válido o ya se ha usado. Pide uno nuevo.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto(linkIn(resent, '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/app(\?|$)/);
  const session = await (await page.request.get('/api/auth/get-session')).json();
  expect(session.user).toMatchObject({ email, name: 'Lucía Ferrer', phone: '+34612345678', locale: 'es' });

  // A signed-in visitor never sees the sign-in page again.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/app(\?|$)/);

  await page.getByRole('button', { name: /cerrar sesión/i }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();
  await page.goto('/app');
  await expect(page).toHaveURL(/\/auth$/);

  // The same confirmation link again, now without a session: the page says what happened.
  await page.goto(linkIn(resent, '/api/auth/verify-email'));
  await expect(page.getByText('Tu correo ya está confirmado. Inicia sesión para continuar.')).toBeVisible();
});

test('the sign-in and sign-up tabs have no serious accessibility violations', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // Validation messages are part of the page people meet: scan them too.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\?tab=signup$/);
  await expect(page.getByLabel('Full name')).toBeVisible();
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('a phrase I will remember');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/auth/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a signed-in business user is sent from the landing page to /business/confirm', async ({ page, baseURL }) => {
  const email = `taller.${Date.now()}.${test.info().workerIndex}@example.test`;
  // page.request shares the browser's cookies: following the link signs the browser in.
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL! },
    data: {
      name: 'Amparo Navarro',
      email,
      password: 'azulejos-de-manises',
      userType: 'business',
      isBusiness: true,
      businessName: 'Taller Amparo',
      callbackURL: '/app',
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  await page.request.get(linkIn(await waitForMail(page.request, { to: email }), '/api/auth/verify-email'));

  await page.goto('/');
  await expect(page).toHaveURL(/\/business\/confirm$/);
});
