import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { hideCookieBanner } from './support/consent';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signInAs, test } from './support/fixtures';
import { checkStateContrast } from './support/state-contrast';

/**
 * The accessibility sweep of docs/accessibility.md: axe with the WCAG 2.0 A/AA
 * and 2.1 AA rules on every public screen and on every screen the demo accounts reach
 * without changing anything, at 390 px and 1280 px, in English and Spanish. Unlike
 * support/axe.ts (serious and critical only), ANY violation fails here: a new screen must
 * be born clean. One test per language × account, so workers share the load; each screen is
 * scanned at both widths without reloading it. On each screen the colours of focus, hover and
 * highlighted options are checked too (support/state-contrast.ts).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];
const sizes = [
  [390, 844],
  [1280, 800],
] as const;

async function scanOnce(page: Page, found: string[], width: number) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const where = new URL(page.url()).pathname + new URL(page.url()).search;
  for (const violation of violations) {
    const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ');
    found.push(`${where} at ${width} px: ${violation.id} (${violation.impact}) — ${violation.help} — ${targets}`);
  }
}

/**
 * Scans the settled screen at both widths without reloading it (half the navigations): axe
 * at rest, then the focus, hover (desktop only: phones do not hover) and highlighted-option
 * states of every interactive element (support/state-contrast.ts).
 */
async function scan(page: Page, found: string[]) {
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await scanOnce(page, found, width);
    const where = `${new URL(page.url()).pathname}${new URL(page.url()).search} at ${width} px`;
    await checkStateContrast(page, found, { where, hover: width > 1000 });
  }
  await page.setViewportSize({ width: sizes[0][0], height: sizes[0][1] });
}

/** The page has its content: no loading placeholders left (spinners are role=status). */
async function settled(page: Page) {
  await expect(page.getByRole('main').first()).toBeVisible();
  await expect(page.getByText(/^(Loading…|Cargando…)$/)).toHaveCount(0);
}

const signIn = (page: Page, email: string) => signInAs(page, { email, password: DEMO_PASSWORD });

/** Opens each tab with a click, as a user would (no reload), and scans it settled. */
async function sweepTabs(page: Page, path: string, tabs: readonly string[], found: string[]) {
  await page.goto(path);
  for (const tab of tabs) {
    await page.locator(`[role="tab"][id$="-trigger-${tab}"]`).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await settled(page);
    await scan(page, found);
  }
}

const publicPaths = ['/privacy', '/report?type=gift&id=00000000-0000-4000-8000-000000000000&name=Horchata', '/auth', '/auth/forgot-password', '/auth/reset-password', '/business/interest', '/confirm', '/g', '/no-such-page'];

for (const language of ['en', 'es'] as const) {
  test.describe(`${language} at 390 and 1280 px`, () => {
    // No touch: with touch emulated Chromium answers `(hover: none)` and Tailwind's hover
    // styles never apply, so the hover check would see nothing. Nothing in the app depends
    // on touch; the layout follows the width.
    test.use({ viewport: { width: sizes[0][0], height: sizes[0][1] }, hasTouch: false, language });
    test.beforeEach(async ({ page }) => {
      // Several screens, each scanned twice, on a shared machine.
      test.setTimeout(180_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
    });

    test('public screens', async ({ page, context, baseURL }) => {
      const found: string[] = [];
      // The landing page as a first visitor sees it, cookie banner open…
      await page.goto('/');
      await expect(page.locator('section[aria-labelledby="cookie-banner-title"]')).toBeVisible();
      await scan(page, found);
      // …then every public screen with the choice made.
      await hideCookieBanner(context, baseURL!);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await scan(page, found);
      for (const path of publicPaths) {
        await page.goto(path);
        await settled(page);
        await scan(page, found);
      }
      // The sign-up form is the second tab of /auth.
      await page.goto('/auth');
      await page.getByRole('tab', { name: /^(Sign up|Registrarse)$/ }).click();
      await scan(page, found);
      expect(found).toEqual([]);
    });

    test('the consumer area', async ({ page, context, baseURL }) => {
      const found: string[] = [];
      await hideCookieBanner(context, baseURL!);
      await signIn(page, DEMO_ACCOUNTS.consumer);
      await sweepTabs(page, '/app', ['profile', 'businesses', 'gifts', 'contacts', 'orders'], found);
      await page.goto('/checkout');
      await settled(page);
      await scan(page, found);
      expect(found).toEqual([]);
    });

    test('the business dashboard', async ({ page, context, baseURL }) => {
      const found: string[] = [];
      await hideCookieBanner(context, baseURL!);
      await signIn(page, DEMO_ACCOUNTS.owner);
      await sweepTabs(page, '/business/dashboard', ['verification', 'profile', 'gifts', 'orders', 'bookings', 'redeem', 'analytics', 'payouts'], found);
      expect(found).toEqual([]);
    });

    test('the admin back-office', async ({ page, context, baseURL }) => {
      const found: string[] = [];
      await hideCookieBanner(context, baseURL!);
      await signIn(page, DEMO_ACCOUNTS.admin);
      await sweepTabs(page, '/admin', ['overview', 'applications', 'businesses', 'orders', 'payouts', 'reports', 'audit'], found);
      expect(found).toEqual([]);
    });
  });
}
