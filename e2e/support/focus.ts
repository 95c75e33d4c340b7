import { expect, type Page } from '@playwright/test';

/**
 * WCAG 2.4.7 / 2.4.11: the focused element is on screen and nothing covers it. Checks the
 * centre of the focused element: `elementFromPoint` there must be the element itself or
 * inside it (a fixed banner or bar on top would be returned instead).
 */
export async function expectFocusedElementVisible(page: Page) {
  const state = await page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return { ok: false, why: 'nothing focused' };
    const rect = focused.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    const inViewport = rect.top >= 0 && rect.left >= 0 && rect.bottom <= window.innerHeight && rect.right <= window.innerWidth;
    const top = document.elementFromPoint(x, y);
    const uncovered = top !== null && (top === focused || focused.contains(top));
    const label = `${focused.tagName.toLowerCase()} "${(focused.textContent ?? '').trim().slice(0, 40)}"`;
    return {
      ok: inViewport && uncovered,
      why: !inViewport ? `${label} is outside the viewport` : uncovered ? '' : `${label} is covered by ${top?.outerHTML.slice(0, 80)}`,
    };
  });
  expect(state.ok, state.why).toBe(true);
}

/** Presses Tab until the focused element matches `name` (accessible text), at most `limit` times. */
export async function tabTo(page: Page, name: RegExp, limit = 40) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const text = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : '';
    });
    if (name.test(text)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}
