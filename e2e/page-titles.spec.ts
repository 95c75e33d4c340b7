import type { Page } from '@playwright/test';
import enAdmin from '../src/shared/locales/en/admin.json' with { type: 'json' };
import enApp from '../src/shared/locales/en/app.json' with { type: 'json' };
import enCommon from '../src/shared/locales/en/common.json' with { type: 'json' };
import enDashboard from '../src/shared/locales/en/dashboard.json' with { type: 'json' };
import enAuth from '../src/shared/locales/en/auth.json' with { type: 'json' };
import enBusiness from '../src/shared/locales/en/business.json' with { type: 'json' };
import enLanding from '../src/shared/locales/en/landing.json' with { type: 'json' };
import enPrivacy from '../src/shared/locales/en/privacy.json' with { type: 'json' };
import enReport from '../src/shared/locales/en/report.json' with { type: 'json' };
import esAdmin from '../src/shared/locales/es/admin.json' with { type: 'json' };
import esApp from '../src/shared/locales/es/app.json' with { type: 'json' };
import esCommon from '../src/shared/locales/es/common.json' with { type: 'json' };
import esDashboard from '../src/shared/locales/es/dashboard.json' with { type: 'json' };
import esAuth from '../src/shared/locales/es/auth.json' with { type: 'json' };
import esBusiness from '../src/shared/locales/es/business.json' with { type: 'json' };
import esLanding from '../src/shared/locales/es/landing.json' with { type: 'json' };
import esPrivacy from '../src/shared/locales/es/privacy.json' with { type: 'json' };
import esReport from '../src/shared/locales/es/report.json' with { type: 'json' };
import { hideCookieBanner } from './support/consent';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signInAs, test } from './support/fixtures';

/**
 * Every route, and every tab of the signed-in areas, has its own title in the interface
 * language (WCAG 2.4.2, docs/accessibility.md). Read-only use of the demo accounts.
 */
const locales = {
  en: { app: enApp, dashboard: enDashboard, admin: enAdmin, common: enCommon, auth: enAuth, business: enBusiness, landing: enLanding, privacy: enPrivacy, report: enReport },
  es: { app: esApp, dashboard: esDashboard, admin: esAdmin, common: esCommon, auth: esAuth, business: esBusiness, landing: esLanding, privacy: esPrivacy, report: esReport },
};

/** The public screens and the title each must have, from the language's own texts. */
function publicTitles(l: (typeof locales)['en']): [string, string][] {
  return [
    ['/', l.landing.meta.title],
    ['/privacy', l.privacy.meta.title],
    ['/auth', `${l.auth.meta.title} · Regalo`],
    ['/auth/forgot-password', `${l.auth.forgot.title} · Regalo`],
    ['/business/interest', `${l.business.interest.metaTitle} · Regalo`],
    ['/report', `${l.report.metaTitle} · Regalo`],
    ['/no-such-page', l.common.notFound.metaTitle],
  ];
}

test('no public title is left untranslated', () => {
  const english = new Set(publicTitles(locales.en).map(([, title]) => title));
  for (const [path, title] of publicTitles(locales.es)) expect(english.has(title), path).toBe(false);
});

/** Signs the page in as a demo account instead of the one it was signed in as. */
async function switchTo(page: Page, email: string) {
  await page.context().clearCookies({ name: /session/ });
  await signInAs(page, { email, password: DEMO_PASSWORD });
}

async function tabTitles(page: Page, labels: Record<string, string>, area: string, keys: readonly string[]) {
  const titles: string[] = [];
  for (const key of keys) {
    await page.getByRole('tab', { name: labels[key], exact: true }).click();
    const expected = `${labels[key]} · ${area} · Regalo`;
    await expect(page).toHaveTitle(expected);
    titles.push(expected);
  }
  return titles;
}

for (const language of ['en', 'es'] as const) {
  test.describe(() => {
    test.use({ language });
    test(`every screen has its own ${language} title`, async ({ page, context, baseURL }) => {
      const l = locales[language];
      await hideCookieBanner(context, baseURL!);
      const titles: string[] = [];

      for (const [path, title] of publicTitles(l)) {
        await page.goto(path);
        await expect(page, path).toHaveTitle(title);
        titles.push(title);
      }

      await switchTo(page, DEMO_ACCOUNTS.consumer);
      await page.goto('/app');
      // Signing in no longer leaves the sign-in page's title behind (the walk-through's finding).
      const profile = `${l.app.tabs.profile} · ${l.common.titles.consumer} · Regalo`;
      await expect(page).toHaveTitle(profile);
      titles.push(profile, ...(await tabTitles(page, l.app.tabs, l.common.titles.consumer, ['businesses', 'gifts', 'contacts', 'orders'])));

      await switchTo(page, DEMO_ACCOUNTS.owner);
      await page.goto('/business/dashboard');
      await expect(page.getByRole('tablist')).toBeVisible();
      titles.push(
        ...(await tabTitles(page, l.dashboard.tabs, l.common.titles.business, ['verification', 'profile', 'gifts', 'orders', 'redeem', 'analytics'])),
      );

      await switchTo(page, DEMO_ACCOUNTS.admin);
      await page.goto('/admin');
      await expect(page.getByRole('tablist')).toBeVisible();
      titles.push(...(await tabTitles(page, l.admin.tabs, l.common.titles.admin, ['applications', 'businesses', 'orders', 'reports', 'audit', 'overview'])));

      expect(new Set(titles).size, titles.join('\n')).toBe(titles.length);
    });
  });
}
