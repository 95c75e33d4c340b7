import type { Page } from '@playwright/test';
import { legalPages } from '../src/shared/domain/legal-versions';
import { hideCookieBanner } from './support/consent';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signInAs, test, useLanguage } from './support/fixtures';

/**
 * Nothing scrolls sideways on a 390 px phone: every public page, every screen the demo
 * accounts reach (each tab opened with a click) and the withdrawal form, in English, Spanish
 * and Valencian. A page overflows when the document is wider than the window; the report
 * names the elements sticking out past the right edge. Only reads the demo data.
 */
const languages = ['en', 'es', 'va'] as const;
type Language = (typeof languages)[number];

/** What sticks out: the document's extra width and the outermost elements past the edge. */
async function overflowOf(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const extra = document.documentElement.scrollWidth - width;
    if (extra <= 0) return null;
    const culprits: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      // Only the outermost: an element inside a reported one adds nothing.
      if (culprits.length > 0 && element.parentElement?.getBoundingClientRect().right !== undefined && element.parentElement.getBoundingClientRect().right > width + 0.5) continue;
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.getAttribute('data-testid') ? `[data-testid=${element.getAttribute('data-testid')}]` : ''}`;
      culprits.push(`${name} (${Math.round(box.right - width)} px) "${(element.textContent ?? '').trim().slice(0, 40)}"`);
      if (culprits.length >= 3) break;
    }
    return `${extra} px wider: ${culprits.join('; ')}`;
  });
}

async function check(page: Page, found: string[], label?: string) {
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('[role="status"][aria-busy="true"]')).toHaveCount(0);
  const overflow = await overflowOf(page);
  if (overflow) found.push(`${label ?? new URL(page.url()).pathname + new URL(page.url()).search}: ${overflow}`);
}

async function visit(page: Page, paths: string[], found: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await check(page, found);
  }
}

async function tabs(page: Page, path: string, names: readonly string[], found: string[]) {
  await page.goto(path);
  for (const tab of names) {
    await page.locator(`[role="tab"][id$="-trigger-${tab}"]`).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await check(page, found, `${path} tab ${tab}`);
  }
}

/** A language for the whole visit: the app's stored choice and the server pages' cookie. */
async function speak(page: Page, baseURL: string, language: Language) {
  await useLanguage(page, language);
  await page.context().addCookies([{ name: 'regalo-language', value: language, url: baseURL }]);
  await hideCookieBanner(page.context(), baseURL);
}

for (const language of languages) {
  test.describe(`390 px in ${language}`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('public pages', async ({ page, baseURL }) => {
      await speak(page, baseURL!, language);
      const found: string[] = [];
      await visit(page, ['/', '/gifts'], found);
      // A shop and one of its gifts, as the shop window links them.
      const shop = await page.locator('main a[href^="/b/"]').first().getAttribute('href');
      await page.goto(shop!.split('?')[0]!);
      await check(page, found);
      const item = await page.locator('main a[href^="/b/"][href*="/"]').evaluateAll((links) =>
        links.map((a) => a.getAttribute('href')!).find((href) => href.split('?')[0]!.split('/').length === 4),
      );
      await visit(page, [item!.split('?')[0]!, '/g', '/privacy', ...legalPages.map((name) => `/${name}`), '/auth', '/auth/forgot-password', '/business/interest', '/purchase', '/no-such-page'], found);
      expect(found).toEqual([]);
    });

    test('the giver: my area, a gift page, the withdrawal form', async ({ page, baseURL }) => {
      await speak(page, baseURL!, language);
      await signInAs(page, { email: DEMO_ACCOUNTS.consumer, password: DEMO_PASSWORD });
      const found: string[] = [];
      await tabs(page, '/app', ['profile', 'businesses', 'gifts', 'contacts', 'orders'], found);
      const orders = (await (await page.request.get('/api/my/orders')).json()) as { items: { status: string; giftPagePath: string | null; checkoutId: string | null }[] };
      const paid = orders.items.find((o) => o.status === 'paid' && o.giftPagePath && o.checkoutId)!;
      const withdrawn = orders.items.find((o) => o.status === 'withdrawn' && o.giftPagePath);
      await visit(page, [paid.giftPagePath!, `${paid.giftPagePath!}/print`, `${paid.giftPagePath!}/print/folded`, ...(withdrawn ? [withdrawn.giftPagePath!] : []), '/checkout'], found);
      await page.goto(`/withdraw/${paid.checkoutId}`);
      await expect(page.getByTestId('withdrawal-gift').first()).toBeVisible();
      await check(page, found);
      expect(found).toEqual([]);
    });

    test('the business dashboard', async ({ page, baseURL }) => {
      await speak(page, baseURL!, language);
      await signInAs(page, { email: DEMO_ACCOUNTS.owner, password: DEMO_PASSWORD });
      const found: string[] = [];
      await tabs(page, '/business/dashboard', ['verification', 'profile', 'gifts', 'orders', 'bookings', 'redeem', 'analytics', 'payouts'], found);
      expect(found).toEqual([]);
    });

    test('the admin back office', async ({ page, baseURL }) => {
      await speak(page, baseURL!, language);
      await signInAs(page, { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD });
      const found: string[] = [];
      await tabs(page, '/admin', ['overview', 'applications', 'businesses', 'orders', 'payouts', 'reports', 'audit'], found);
      expect(found).toEqual([]);
    });
  });
}
