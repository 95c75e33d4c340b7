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
    const measure = () => {
      heights.set(key, element.getBoundingClientRect().height);
      apply();
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      heights.delete(key);
      apply();
    };
  }, [ref, isShown]);
}
