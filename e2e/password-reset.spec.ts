import { expect, test } from '@playwright/test';
import { linkIn, waitForMail } from './support/mailbox';

test.beforeEach(async ({ context, baseURL }) => {
  // A returning visitor who already chose cookies: the banner would cover the forms.
  await context.addCookies([{ name: 'cookie-consent', value: 'necessary', url: baseURL! }]);
});

/**
 * Forgot password → emailed link → new password → sign in with it. The account is made for
 * this journey (not the demo consumer), so the other journeys that sign in as the demo
 * consumer on the same server keep working whatever the order.
 */
test('reset a forgotten password and sign in with the new one', async ({ page, request, baseURL }) => {
  const email = `pere.${Date.now()}.${test.info().workerIndex}@example.test`;
  const oldPassword = 'barraca-de-la-huerta';
  const newPassword = 'fallas-de-marzo-2026';

  // Set-up through the API in a separate cookie jar, so the browser starts signed out.
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL! },
    data: { name: 'Pere Llopis', email, password: oldPassword, locale: 'en', callbackURL: '/app' },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const verifyLink = linkIn(await waitForMail(request, { to: email, subject: /Confirm/ }), '/api/auth/verify-email');
  const verify = await request.get(verifyLink, { maxRedirects: 0 });
  expect(verify.status(), verifyLink).toBe(302);
  expect(verify.headers().location).toMatch(/\/app\?verified=1$/);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`If an account exists for ${email}, we've sent a link`)).toBeVisible();

  const mail = await waitForMail(page.request, { to: email, subject: /Reset your Regalo password/ });
  await page.goto(linkIn(mail, '/api/auth/reset-password/'));
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);

  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill('something-else-entirely');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  // The link works once only.
  await page.goto(linkIn(mail, '/api/auth/reset-password/'));
  await expect(page.getByRole('heading', { name: "This link doesn't work" })).toBeVisible();

  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(oldPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Kept next to the form (and also in a toast that vanishes).
  await expect(page.getByRole('tabpanel', { name: 'Sign in' }).getByText('The email or password is not correct.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/app(\?|$)/);
  const session = await (await page.request.get('/api/auth/get-session')).json();
  expect(session.user.email).toBe(email);
});
