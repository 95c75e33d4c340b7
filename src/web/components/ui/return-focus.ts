import { useRef } from 'react';

/**
 * Where focus goes when a dialog closes (WCAG 2.4.3). Radix returns it to a <Trigger>, but
 * many dialogs open from a button elsewhere (the cart bar, a card's menu) or lose their
 * trigger (a deleted gift's button): focus then fell to <body> and the next Tab restarted at
 * the skip link. The element focused when the dialog opened gets it back; when it is gone
 * or disabled, the page's main landmark does, so Tab continues from the content.
 *
 * A screen can name a nearer place with `fallback` (the gifts tab's "New gift" button after
 * the first gift is created or a gift deleted: both remove the opener).
 *
 * Spread the result on the dialog's Content: `onOpenAutoFocus` runs as it opens, before
 * focus moves inside, which is the moment the opener is still `document.activeElement`.
 */
export function useReturnFocus(fallback?: () => HTMLElement | null, openerGoing?: () => boolean) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement as HTMLElement | null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      // `openerGoing`: the opener is still on the page but about to leave it (a confirmed
      // delete removes its row a moment later), so focus goes straight to the fallback.
      returnFocus(openerGoing?.() ? null : opener.current, fallback?.() ?? null);
    },
  };
}

const isUsable = (element: HTMLElement | null): element is HTMLElement =>
  element !== null && element !== document.body && element.isConnected && !element.matches(':disabled');

export function returnFocus(opener: HTMLElement | null, fallback: HTMLElement | null = null) {
  for (const candidate of [opener, fallback]) {
    if (!isUsable(candidate)) continue;
    candidate.focus();
    if (document.activeElement === candidate) return;
  }
  const main = document.getElementById('main') ?? document.querySelector('main');
  if (main instanceof HTMLElement) {
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus({ preventScroll: true });
  }
}
