import type { FocusEvent } from 'react';

/**
 * Keeps the focused control in sight inside a dialog panel that scrolls (WCAG 2.4.11).
 * Radix moves focus with `preventScroll` when it opens a dialog and when Tab wraps from the
 * last control to the first (or Shift+Tab the other way): in a tall panel ("Create a gift"
 * at 320 px or 200 % zoom) the newly focused × or "Create gift" stayed scrolled out of view.
 * `nearest` does nothing when the control is already visible; the panel's `scroll-padding`
 * keeps its focus ring clear of the edge.
 *
 * Give it to the dialog's Content as `onFocus` (focus events bubble in React).
 */
export function revealFocused(event: FocusEvent<HTMLElement>) {
  const target = event.target;
  // React also bubbles focus from portals (a select's options) that are not in the panel.
  if (target instanceof HTMLElement && target !== event.currentTarget && event.currentTarget.contains(target)) {
    target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }
}

/**
 * The same on the page itself, for the app's whole life (called once by app.tsx). Browsers
 * scroll a newly focused control into view, but for a text area only as far as its caret:
 * Tab to "Personal message" at the bottom of the checkout screen left most of the box below
 * the fold. A focused control that fits on the screen and is not wholly on it is scrolled
 * the least needed (the html element's `scroll-padding` keeps it clear of the bottom bars).
 */
export function revealFocusedOnPage() {
  const onFocusIn = (event: globalThis.FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    const rect = target.getBoundingClientRect();
    const fits = rect.height <= window.innerHeight && rect.width <= window.innerWidth;
    const shown = rect.top >= 0 && rect.left >= 0 && rect.bottom <= window.innerHeight && rect.right <= window.innerWidth;
    if (fits && !shown) target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  document.addEventListener('focusin', onFocusIn);
  return () => document.removeEventListener('focusin', onFocusIn);
}
