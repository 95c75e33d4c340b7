import { expect, test } from '@playwright/test';

test.beforeEach(async ({ context, baseURL }) => {
  // A returning visitor who already chose cookies: the banner would cover the forms.
  await context.addCookies([{ name: 'cookie-consent', value: 'necessary', url: baseURL! }]);
});

/**
 * Google sign-in against the local OpenID Connect server that scripts/e2e-server.mjs starts
 * in Google's place (E2E_OIDC_PORT); it approves the request at once and sends back
 * Marta Soler <marta.google@example.test>.
 */
test('continue with Google and land in /app signed in', async ({ page }) => {
  await page.goto('/auth');
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeEnabled();

  await google.click();
  await expect(page).toHaveURL(/\/app(\?|$)/);
  const session = await (await page.request.get('/api/auth/get-session')).json();
  expect(session.user).toMatchObject({ email: 'marta.google@example.test', name: 'Marta Soler', emailVerified: true });

  await page.goto('/auth');
  await expect(page).toHaveURL(/\/app(\?|$)/);
});

test('a server without Google shows no Google button', async ({ page }) => {
  // The e2e server has Google; answer as a server without it would, in the document (where
  // the page reads it first, ADR 044) and in the API.
  await page.route('**/auth?tab=signup', async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    expect(html).toContain('<meta name="regalo-sign-in" content="password google">');
    await route.fulfill({ status: response.status(), contentType: 'text/html', body: html.replace('content="password google"', 'content="password"') });
  });
  await page.route('**/api/auth-options', (route) => route.fulfill({ json: { google: false } }));
  await page.goto('/auth?tab=signup');
  await expect(page.locator('#sign-up-email')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await expect(page.getByText('or continue with email')).toHaveCount(0);
});
