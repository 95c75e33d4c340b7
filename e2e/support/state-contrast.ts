import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

/**
 * Contrast of focus, hover and highlight states (docs/accessibility.md, WCAG 1.4.11 and 1.4.3). axe's
 * `color-contrast` only measures text at rest, so for each interactive element on the screen:
 *
 * - **focus**: the element is focused as a keyboard user would see it (`:focus-visible`); its
 *   ring (outline, else a box-shadow ring, else a changed border) must be ≥ 3:1 against what
 *   it sits on: the first opaque background behind it, walking up the ancestors (gradient
 *   stops count too, the worst one decides). If focus changes its colours, axe's
 *   `color-contrast` runs on it while focused.
 * - **hover** (when asked; phones do not hover): the mouse rests on it and, if its colours
 *   change, `color-contrast` runs on it while hovered.
 * - **highlighted options** of every Radix select (`button[role=combobox]`): opened with the
 *   keyboard, each option is highlighted with ↓ in turn; the highlight must be ≥ 3:1 against
 *   the list and its text pass `color-contrast`. Native `<select>`s (the filters, ADR 039) get
 *   the focus and hover checks like any control, but their open list is drawn by the browser
 *   or the system, outside the page, so its highlight cannot be measured here
 *   (docs/accessibility.md, limits).
 *
 * Each problem is pushed to `found` as a readable line, so one sweep reports all of them.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Whatever can take focus, in DOM order; Radix tabs with tabindex=-1 are reached by arrows. */
const FOCUSABLE = [
  'a[href]',
  'button:not(:disabled)',
  'input:not(:disabled):not([type="hidden"])',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export interface StateContrastOptions {
  /** Where the screen is, for the report (path and width). */
  where: string;
  /** Also hover each element (desktop widths). */
  hover: boolean;
}

async function injectAxe(page: Page) {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axeSource);
}

export async function checkStateContrast(page: Page, found: string[], options: StateContrastOptions) {
  await injectAxe(page);
  // Chromium shows :focus-visible on script focus only after keyboard use: one Tab sets it.
  await page.keyboard.press('Tab');
  await page.evaluate(inPage, { mode: 'freeze', selector: FOCUSABLE } as const);
  const [measured, ...focusProblems] = await page.evaluate(inPage, { mode: 'focus', selector: FOCUSABLE } as const);
  // Every swept screen has controls: none measured would mean the check looked at nothing.
  expect(Number(measured), `focus states measured on ${options.where}`).toBeGreaterThan(0);
  found.push(...focusProblems.map((problem) => `${options.where}: ${problem}`));
  if (options.hover) {
    expect(await page.evaluate(() => matchMedia('(hover: hover)').matches), 'the page can hover').toBe(true);
    const targets = await page.evaluate(inPage, { mode: 'hover-targets', selector: FOCUSABLE } as const);
    let hovered = 0;
    for (const index of targets.map(Number)) {
      const box = await page.evaluate(inPage, { mode: 'reveal', selector: FOCUSABLE, index } as const);
      if (box.length === 0) continue;
      await page.mouse.move(Number(box[0]), Number(box[1]));
      const [isHovered, ...hoverProblems] = await page.evaluate(inPage, { mode: 'hover', selector: FOCUSABLE, index } as const);
      if (isHovered === 'yes') hovered++;
      found.push(...hoverProblems.map((problem) => `${options.where}: ${problem}`));
    }
    expect(hovered, `elements hovered on ${options.where}`).toBeGreaterThan(0);
    await page.mouse.move(0, 0);
  }
  await checkSelectOptions(page, found, options.where);
  await page.evaluate(inPage, { mode: 'thaw', selector: FOCUSABLE } as const);
}

async function checkSelectOptions(page: Page, found: string[], where: string) {
  const triggers = page.locator('button[role="combobox"]:visible');
  const count = await triggers.count();
  for (let i = 0; i < count; i++) {
    const trigger = triggers.nth(i);
    await trigger.focus();
    await page.keyboard.press('Enter');
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    let previous = '';
    for (let step = 0; step < 40; step++) {
      const [id, ...problems] = await page.evaluate(inPage, { mode: 'option', selector: FOCUSABLE } as const);
      if (id === previous) break;
      previous = id ?? '';
      found.push(...problems.map((problem) => `${where}: ${problem}`));
      await page.keyboard.press('ArrowDown');
    }
    expect(previous, 'an option was highlighted').not.toBe('');
    await page.keyboard.press('Escape');
    await expect(listbox).toBeHidden();
  }
}

type Args =
  | { mode: 'freeze' | 'thaw' | 'focus' | 'hover-targets' | 'option'; selector: string }
  | { mode: 'reveal' | 'hover'; selector: string; index: number };

/**
 * Runs in the page (self-contained: Playwright serialises it). Returns problems as strings;
 * for `focus` the number of elements measured first, for `hover` whether it is hovered
 * first, for `hover-targets` the indexes worth hovering, for `reveal` the centre to move the mouse
 * to, for `option` the highlighted option's text first.
 */
async function inPage(args: Args): Promise<string[]> {
  type Rgba = [number, number, number, number];
  const axe = (window as unknown as { axe: { run: (el: Element, o: object) => Promise<{ violations: { nodes: { failureSummary?: string }[] }[] }> } }).axe;
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  // Any CSS colour (rgb, oklch, color()…) to sRGB bytes, through the canvas.
  const toRgba = (css: string): Rgba => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!, a! / 255];
  };
  const over = (top: Rgba, below: Rgba): Rgba => {
    const a = top[3];
    return [top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1];
  };
  const luminance = ([r, g, b]: Rgba) => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const contrast = (a: Rgba, b: Rgba) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  const hex = (c: Rgba) => `#${c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
  const COLOUR = /(?:rgba?|hsla?|oklch|oklab|lab|lch|color)\([^()]*\)|#[0-9a-f]{3,8}\b/gi;

  /** The opaque colours that can be behind `from` (all stops of any gradient on the way). */
  const backgroundsBehind = (from: Element | null): Rgba[] => {
    const layers: Rgba[][] = [];
    let base: Rgba = [255, 255, 255, 1];
    for (let el = from; el; el = el.parentElement) {
      const style = getComputedStyle(el);
      const colour = toRgba(style.backgroundColor);
      const stops = style.backgroundImage === 'none' ? [] : (style.backgroundImage.match(COLOUR) ?? []).map(toRgba);
      if (stops.length > 0) layers.push(stops);
      if (colour[3] >= 0.999) {
        base = colour;
        break;
      }
      if (colour[3] > 0) layers.push([colour]);
    }
    // Composite from the bottom up; a gradient multiplies the candidates.
    let candidates: Rgba[] = [base];
    for (const layer of layers.reverse()) candidates = layer.flatMap((top) => candidates.map((below) => over(top, below)));
    return candidates;
  };

  const frames = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  const describe = (el: Element) => {
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    const name = (el.getAttribute('aria-label') ?? label ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name}"`;
  };
  const visible = (el: Element) =>
    el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[inert],[aria-hidden="true"]');
  const paint = (el: Element) => {
    const s = getComputedStyle(el);
    return [s.color, s.backgroundColor, s.backgroundImage, s.borderColor].join('|');
  };
  const textChecked = new Set<string>();
  /** axe's color-contrast on the element in its current state, once per look. */
  const checkText = async (el: Element, state: string): Promise<string[]> => {
    const key = `${el.className}|${paint(el)}|${hex(backgroundsBehind(el)[0]!)}`;
    if (textChecked.has(key)) return [];
    textChecked.add(key);
    const result = await axe.run(el, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] });
    return result.violations.flatMap((v) =>
      v.nodes.map((node) => `${state} ${describe(el)}: text contrast — ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)}`),
    );
  };
  // Inactive Radix tabs activate on focus: they would switch the screen under the check
  // (their ring is the active tab's, on the same tab list).
  const elements = [...document.querySelectorAll(args.selector)].filter((el) => visible(el) && el.getAttribute('aria-selected') !== 'false');

  // Transitions off while measuring, so a state's colours are read at once, not mid-fade:
  // with reduced motion every element transitions every property over 0.01 ms, and a colour
  // read in the frame it changed is still the old one (a constructed sheet: the page's CSP
  // does not apply to it).
  const sheets = document as Document & { frozen?: CSSStyleSheet };
  if (args.mode === 'freeze') {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('*, *::before, *::after { transition: none !important; animation: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    sheets.frozen = sheet;
    return [];
  }
  if (args.mode === 'thaw') {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== sheets.frozen);
    return [];
  }

  if (args.mode === 'focus') {
    const problems: string[] = [];
    let measured = 0;
    const ringChecked = new Set<string>();
    for (const el of elements) {
      if (!(el instanceof HTMLElement)) continue;
      const rest = paint(el);
      const restBorder = getComputedStyle(el).borderTopColor;
      el.focus({ preventScroll: true });
      if (document.activeElement !== el) continue;
      const rect = el.getBoundingClientRect();
      // Visually hidden even when focused (a native input under a custom control): its
      // visible stand-in carries the state, reached through its own element.
      if (rect.width < 4 || rect.height < 4) continue;
      if (!el.matches(':focus-visible')) {
        problems.push(`focus ${describe(el)}: no :focus-visible after keyboard use`);
        continue;
      }
      measured++;
      const style = getComputedStyle(el);
      let ring: Rgba | null = null;
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ring = toRgba(style.outlineColor);
      else if (style.boxShadow !== 'none') {
        // Tailwind rings: `<colour> 0px 0px 0px <spread>`; the outermost one borders the page.
        const rings = style.boxShadow.split(/,(?![^()]*\))/).filter((s) => /\b0px 0px 0px [1-9]/.test(s) && !/inset/.test(s));
        const last = rings.at(-1);
        if (last) ring = toRgba(last.match(COLOUR)?.[0] ?? 'transparent');
      } else if (style.borderTopColor !== restBorder && parseFloat(style.borderTopWidth) > 0) ring = toRgba(style.borderTopColor);
      if (!ring || ring[3] === 0) {
        problems.push(`focus ${describe(el)}: no visible focus indicator`);
      } else {
        const behind = backgroundsBehind(el.parentElement);
        const worst = Math.min(...behind.map((bg) => contrast(over(ring!, bg), bg)));
        const key = `${hex(ring)}|${behind.map(hex).join(',')}`;
        if (worst < 3 && !ringChecked.has(key)) {
          ringChecked.add(key);
          problems.push(`focus ring of ${describe(el)}: ${worst.toFixed(2)}:1, ${hex(ring)} on ${behind.map(hex).join('/')} (needs 3:1)`);
        }
      }
      if (paint(el) !== rest) problems.push(...(await checkText(el, 'focused')));
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return [String(measured), ...problems];
  }

  if (args.mode === 'hover-targets') {
    // One element per look (same classes on the same background): the same hover style.
    const seen = new Set<string>();
    const indexes: string[] = [];
    elements.forEach((el, index) => {
      const key = `${el.tagName}|${el.className}|${hex(backgroundsBehind(el.parentElement)[0]!)}`;
      if (!seen.has(key)) {
        seen.add(key);
        indexes.push(String(index));
      }
    });
    return indexes;
  }

  if (args.mode === 'reveal' || args.mode === 'hover') {
    const el = elements[args.index];
    if (!el) return args.mode === 'hover' ? ['no'] : [];
    if (args.mode === 'reveal') {
      (document.activeElement as HTMLElement | null)?.blur();
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const rect = el.getBoundingClientRect();
      if (rect.width < 4 || rect.height < 4) return [];
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      const top = document.elementFromPoint(x, y);
      // Covered (a fixed bar on top) or off screen: the mouse cannot rest on it here.
      if (!top || (top !== el && !el.contains(top))) return [];
      // Its look at rest, kept for the comparison once hovered.
      el.setAttribute('data-rest-paint', paint(el));
      return [String(x), String(y)];
    }
    await frames();
    const rest = el.getAttribute('data-rest-paint');
    el.removeAttribute('data-rest-paint');
    if (!el.matches(':hover')) return ['no'];
    return ['yes', ...(rest === paint(el) ? [] : await checkText(el, 'hovered'))];
  }

  // option: the highlighted option of the open listbox.
  const option = document.querySelector('[role="listbox"] [role="option"][data-highlighted]');
  if (!option) return [''];
  await frames();
  const highlight = toRgba(getComputedStyle(option).backgroundColor);
  const behind = backgroundsBehind(option.parentElement);
  const worst = Math.min(...behind.map((bg) => contrast(over(highlight, bg), bg)));
  const problems = worst < 3 ? [`highlighted option ${describe(option)}: ${worst.toFixed(2)}:1 against the list (needs 3:1)`] : [];
  problems.push(...(await checkText(option, 'highlighted')));
  return [`${option.id}|${option.textContent}`, ...problems];
}
