import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface A11yScanOptions {
  /** Only scan inside this selector (default: the whole page). */
  include?: string;
  /** Leave these selectors out, e.g. a third-party widget you do not control. */
  exclude?: string[];
}

/**
 * Runs axe (WCAG 2.1 A/AA rules) on the current page and fails with a readable list when
 * there is any serious or critical violation. Minor and moderate findings are logged only.
 *   await page.goto('/privacy');
 *   await expectNoSeriousA11yViolations(page);
 * Scan a settled page: wait for the content you expect first, and prefer
 * `page.emulateMedia({ reducedMotion: 'reduce' })` so no element is caught mid-fade.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: A11yScanOptions = {}) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();

  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const minor = violations.filter((violation) => !serious.includes(violation));
  if (minor.length > 0) {
    console.info(`axe (minor, ${page.url()}): ${minor.map((violation) => violation.id).join(', ')}`);
  }
  const report = serious.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
  expect(report, `Serious accessibility violations on ${page.url()}`).toEqual([]);
}
