import { expect, test } from '@playwright/test';
import { hideCookieBanner } from './support/consent';

/** The privacy policy in both languages, with its four sections and today's date. */
function today(locale: string) {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(new Date());
}

test.describe('in English', () => {
  test.use({ locale: 'en-GB' });

  test('lists what we collect, how we use it, the GDPR rights and a contact', async ({ page, context, baseURL }) => {
    await hideCookieBanner(context, baseURL!);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);

    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    for (const name of ['Information we collect', 'How we use it', 'Your rights under the GDPR', 'Contact']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    for (const [right, text] of [
      ['access', 'Access:'],
      ['rectify', 'Rectify:'],
      ['delete', 'Delete:'],
      ['object', 'Object:'],
      ['portability', 'Portability:'],
    ] as const) {
      await expect(page.getByTestId(`privacy-right-${right}`)).toContainText(text);
    }
    await expect(page.getByText('your account page lets you download all your data and delete your account')).toBeVisible();
    expect(today('en-GB')).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(page.getByTestId('privacy-last-updated')).toHaveText(`Last updated: ${today('en-GB')}`);
  });
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('is written in Spanish with the date in Spanish', async ({ page, context, baseURL }) => {
    await hideCookieBanner(context, baseURL!);
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
    for (const name of ['Información que recogemos', 'Cómo la usamos', 'Tus derechos según el RGPD', 'Contacto']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByTestId('privacy-right-portability')).toContainText('Portabilidad');
    expect(today('es-ES')).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);
    await expect(page.getByTestId('privacy-last-updated')).toHaveText(`Última actualización: ${today('es-ES')}`);
  });
});
