import { useEffect, type RefObject } from 'react';

/**
 * Fixed bars at the bottom of the screen (the cookie banner, the cart bar) must never cover
 * the control that has keyboard focus (WCAG 2.4.11). Each registers its element here; the
 * tallest one's height becomes the page's `scroll-padding-bottom`, so the browser scrolls a
 * focused element above the bar instead of under it.
 */
const heights = new Map<symbol, number>();

function apply() {
  const tallest = Math.max(0, ...heights.values());
  document.documentElement.style.setProperty('--bottom-overlay', `${Math.ceil(tallest)}px`);
}

export function useBottomOverlay(ref: RefObject<HTMLElement | null>, isShown: boolean) {
  useEffect(() => {
    const element = ref.current;
    if (!isShown || !element) return;
    const key = Symbol('bottom-overlay');
    const record = (height: number) => {
      heights.set(key, height);
      apply();
    };
    let observer: ResizeObserver | null = null;
    if (typeof ResizeObserver === 'undefined') {
      record(element.getBoundingClientRect().height);
    } else {
      // The observer reports the height once the browser has laid the page out anyway (its
      // first report comes right after the first layout), and on every change after that.
      // Reading getBoundingClientRect() here instead forced a layout in the middle of React's
      // first commit: ~100 ms of the landing page's main thread at a phone's speed (ADR 044).
      observer = new ResizeObserver(([entry]) => {
        if (entry) record(entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height);
      });
      observer.observe(element);
    }
    return () => {
      observer?.disconnect();
      heights.delete(key);
      apply();
    };
  }, [ref, isShown]);
}
