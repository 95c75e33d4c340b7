import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkHtmlFolder, describeVnuMessage } from '../src/server/testing/nu-html-checker';
import { hideCookieBanner } from './support/consent';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signInAs, test, useLanguage } from './support/fixtures';

/*
 * Every page must be valid HTML: the pages the browser builds (the landing page, sign-in,
 * the business interest form, privacy, the report form, the app's not-found page, and the
 * signed-in giver's catalogue), in both languages, as the DOM stands once each has rendered,
 * through the Nu HTML Checker in one run. The server-rendered pages and the emails are
 * checked by src/server/html-validity.int.test.ts. Only reads the demo data.
 */
const PUBLIC_PAGES = [
  ['/', 'landing'],
  ['/auth', 'auth'],
  ['/business/interest', 'business-interest'],
  ['/privacy', 'privacy'],
  ['/report?type=gift', 'report'],
  ['/no/such/page', 'not-found'],
] as const;

test('the pages the browser renders are valid HTML in both languages', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const folder = mkdtempSync(path.join(tmpdir(), 'regalo-vnu-e2e-'));
  try {
    for (const language of ['es', 'en'] as const) {
      const context = await browser.newContext({ locale: language === 'es' ? 'es-ES' : 'en-GB', baseURL });
      await hideCookieBanner(context, baseURL!);
      await useLanguage(context, language);
      const page = await context.newPage();
      for (const [url, name] of PUBLIC_PAGES) {
        await page.goto(url);
        await expect(page.locator('h1').first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        writeFileSync(path.join(folder, `${name}-${language}.html`), await page.content());
      }
      // The signed-in giver's catalogue (the demo giver, read only).
      await signInAs(page, { email: DEMO_ACCOUNTS.consumer, password: DEMO_PASSWORD });
      await page.goto('/app?tab=gifts');
      await expect(page.getByTestId('gift-price').first()).toBeVisible();
      writeFileSync(path.join(folder, `app-gifts-${language}.html`), await page.content());
      await context.close();
    }
    const messages = await checkHtmlFolder(folder);
    expect(messages.map(describeVnuMessage)).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
