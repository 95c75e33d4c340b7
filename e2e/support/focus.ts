import { expect, type Locator, type Page } from '@playwright/test';

/**
 * WCAG 2.4.7 / 2.4.11: the focused element is on screen and nothing covers it. Checks the
 * centre of the focused element: `elementFromPoint` there must be the element itself or
 * inside it (a fixed banner or bar on top would be returned instead). An element larger
 * than the viewport (a tab panel, which takes focus itself) must fill it where it can and
 * is checked at the centre of its visible part.
 */
export async function expectFocusedElementVisible(page: Page) {
  const state = await page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return { ok: false, why: 'nothing focused' };
    const rect = focused.getBoundingClientRect();
    const [vw, vh] = [window.innerWidth, window.innerHeight];
    const within = (start: number, end: number, size: number) =>
      end - start <= size ? start >= 0 && end <= size : start <= 0 && end >= size;
    const inViewport = within(rect.left, rect.right, vw) && within(rect.top, rect.bottom, vh);
    const x = (Math.max(rect.left, 0) + Math.min(rect.right, vw)) / 2;
    const y = (Math.max(rect.top, 0) + Math.min(rect.bottom, vh)) / 2;
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

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, at most `limit` times, and
 * checks after every press that the focused element is visible and uncovered: the whole
 * path a keyboard user walks, not only where it ends.
 */
export async function tabUntilFocused(page: Page, target: Locator, { back = false, limit = 40 } = {}) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectFocusedElementVisible(page);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} never reached ${target.toString()}`);
}
