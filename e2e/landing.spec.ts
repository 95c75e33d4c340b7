import { expect, test, type Page } from '@playwright/test';
import { hideCookieBanner } from './support/consent';

/**
 * The landing page in English and Spanish: hero and its three ways in, the figures the server
 * counted from the data (none below its threshold) in each language's format, and the "how it works" reveal, timed with a fake clock from the
 * moment the section first shows (steps at 1.0 … 5.0 s, blocks at 3, 4, 5 s).
 */

const steps = ['choose', 'personalise', 'pay', 'send', 'redeem', 'enjoy'];

/**
 * The page shows exactly the figures the server wrote into the document (counted from the data:
 * features/landing/count-landing-figures.int.test.ts), in the language's format, or no figures
 * at all when the document carries none; never the old invented ones.
 */
async function expectTheDocumentsFigures(page: Page, formatTag: string) {
  const meta = page.locator('meta[name="regalo-figures"]');
  await expect(page.getByText(/2[.,]847|2[.,]291/)).toHaveCount(0);
  if ((await meta.count()) === 0) {
    await expect(page.locator('#stats-title')).toHaveCount(0);
    return;
  }
  // `<giftsSent> <partners> <recipients>` (shared/contracts/landing-figures.ts).
  const figures = ((await meta.getAttribute('content')) ?? '').split(' ');
  for (const [index, key] of ['giftsSent', 'partners', 'recipients'].entries()) {
    await expect(page.getByTestId(`stat-${key}`)).toHaveText(new Intl.NumberFormat(formatTag, { useGrouping: 'always' }).format(Number(figures[index])));
  }
}

async function expectTimeline(page: Page, stepsLit: number, blocks: { contrast: boolean; benefits: boolean; cta: boolean }) {
  await expect(page.getByTestId('how-it-works-progress')).toHaveText(`${stepsLit}/6`);
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(stepsLit));
  const items = page.locator('#how-it-works ol > li');
  await expect(items).toHaveCount(steps.length);
  for (let index = 0; index < steps.length; index++) {
    await expect(items.nth(index)).toHaveAttribute('data-state', index < stepsLit ? 'lit' : 'waiting');
  }
  await expect(page.getByTestId('how-it-works-contrast')).toHaveAttribute('data-state', blocks.contrast ? 'shown' : 'hidden');
  await expect(page.getByTestId('how-it-works-benefits')).toHaveAttribute('data-state', blocks.benefits ? 'shown' : 'hidden');
  await expect(page.getByTestId('how-it-works-cta')).toHaveAttribute('data-state', blocks.cta ? 'shown' : 'hidden');
}

test.describe('in English', () => {
  test.use({ locale: 'en-GB' });

  test('shows the hero, the figures and lights the steps up on schedule', async ({ page, context, baseURL }) => {
    await hideCookieBanner(context, baseURL!);
    await page.clock.install({ time: new Date('2026-05-04T09:00:00Z') });
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: 'Give a little piece of Valencia' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const hero = page.locator('section[aria-labelledby="hero-title"]');
    await expect(hero.getByRole('link', { name: 'Send a gift' })).toHaveAttribute('href', '/gifts?lang=en');
    await expect(hero.getByRole('link', { name: 'I have a business' })).toHaveAttribute('href', '/business/interest');
    await expect(hero.getByRole('link', { name: 'Open your gift' })).toHaveAttribute('href', '/g?lang=en');
    await expect(page.getByRole('link', { name: 'Become a partner' })).toHaveAttribute('href', '/business/interest');
    await expect(page.locator('section[aria-labelledby="footer-cta-title"]').getByRole('link', { name: 'Send a gift' })).toHaveAttribute('href', '/gifts?lang=en');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');

    await expectTheDocumentsFigures(page, 'en-GB');

    // Freeze time; nothing may start while the section is off screen, however long we wait.
    await page.clock.pauseAt(new Date('2026-05-04T09:01:00Z'));
    await expect(page.locator('#how-it-works')).toHaveAttribute('data-timeline', 'waiting');
    await page.clock.runFor(6000);
    await expectTimeline(page, 0, { contrast: false, benefits: false, cta: false });

    await page.getByRole('heading', { level: 2, name: 'From a good idea to a hug, in six steps' }).scrollIntoViewIfNeeded();
    await expect(page.locator('#how-it-works')).toHaveAttribute('data-timeline', 'started');

    // [elapsed ms, steps lit, contrast, benefits, cta] just before and at each moment.
    const checkpoints: [number, number, boolean, boolean, boolean][] = [
      [999, 0, false, false, false],
      [1000, 1, false, false, false],
      [1799, 1, false, false, false],
      [1800, 2, false, false, false],
      [2599, 2, false, false, false],
      [2600, 3, false, false, false],
      [2999, 3, false, false, false],
      [3000, 3, true, false, false],
      [3399, 3, true, false, false],
      [3400, 4, true, false, false],
      [3999, 4, true, false, false],
      [4000, 4, true, true, false],
      [4199, 4, true, true, false],
      [4200, 5, true, true, false],
      [4999, 5, true, true, false],
      [5000, 6, true, true, true],
    ];
    let elapsed = 0;
    for (const [at, lit, contrast, benefits, cta] of checkpoints) {
      await page.clock.runFor(at - elapsed);
      elapsed = at;
      await expectTimeline(page, lit, { contrast, benefits, cta });
    }

    // Only the first time: scrolling away and back does not restart anything.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('heading', { level: 2, name: 'From a good idea to a hug, in six steps' }).scrollIntoViewIfNeeded();
    await page.clock.runFor(2000);
    await expectTimeline(page, 6, { contrast: true, benefits: true, cta: true });
    await expect(page.getByRole('link', { name: 'Find a gift' })).toHaveAttribute('href', '/gifts?lang=en');
  });

  test('with reduced motion shows every step and block at once', async ({ page, context, baseURL }) => {
    await hideCookieBanner(context, baseURL!);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install({ time: new Date('2026-05-04T09:00:00Z') });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Give a little piece of Valencia' })).toBeVisible();
    // Time stands still from here: whatever shows must show without any timer firing.
    await page.clock.pauseAt(new Date('2026-05-04T09:01:00Z'));
    await expectTimeline(page, 6, { contrast: true, benefits: true, cta: true });
  });
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('speaks Spanish from the browser language and formats the figures the Spanish way', async ({ page, context, baseURL }) => {
    await hideCookieBanner(context, baseURL!);
    await page.clock.install({ time: new Date('2026-05-04T09:00:00Z') });
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: 'Regala un trocito de Valencia' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const hero = page.locator('section[aria-labelledby="hero-title"]');
    await expect(hero.getByRole('link', { name: 'Enviar un regalo' })).toHaveAttribute('href', '/gifts?lang=es');
    await expect(hero.getByRole('link', { name: 'Tengo un negocio' })).toHaveAttribute('href', '/business/interest');
    await expect(hero.getByRole('link', { name: 'Abre tu regalo' })).toHaveAttribute('href', '/g?lang=es');
    await expectTheDocumentsFigures(page, 'es-ES');

    await page.clock.pauseAt(new Date('2026-05-04T09:01:00Z'));
    await page.getByRole('heading', { level: 2, name: 'De una buena idea a un abrazo, en seis pasos' }).scrollIntoViewIfNeeded();
    await expect(page.locator('#how-it-works')).toHaveAttribute('data-timeline', 'started');
    await page.clock.runFor(2599);
    await expectTimeline(page, 2, { contrast: false, benefits: false, cta: false });
    await page.clock.runFor(2401);
    await expectTimeline(page, 6, { contrast: true, benefits: true, cta: true });
    await expect(page.getByRole('heading', { name: 'Regalar a la valenciana' })).toBeVisible();
  });
});

test('takes a visitor from the hero to the shop window, where a guest can buy; signing in stays in the header', async ({ page, context, baseURL }) => {
  await hideCookieBanner(context, baseURL!);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  await page.locator('section[aria-labelledby="hero-title"]').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/gifts\?lang=en$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
