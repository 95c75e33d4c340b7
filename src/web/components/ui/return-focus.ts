import { useRef } from 'react';

/**
 * Where focus goes when a dialog closes (WCAG 2.4.3). Radix returns it to a <Trigger>, but
 * many dialogs open from a button elsewhere (the cart bar, a card's menu) or lose their
 * trigger (a deleted gift's button): focus then fell to <body> and the next Tab restarted at
 * the skip link. The element focused when the dialog opened gets it back; when it is gone
 * or disabled, the page's main landmark does, so Tab continues from the content.
 *
 * Spread the result on the dialog's Content: `onOpenAutoFocus` runs as it opens, before
 * focus moves inside, which is the moment the opener is still `document.activeElement`.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement as HTMLElement | null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      returnFocus(opener.current);
    },
  };
}

export function returnFocus(opener: HTMLElement | null) {
  const isUsable = opener && opener !== document.body && opener.isConnected && !opener.matches(':disabled');
  if (isUsable) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  const main = document.getElementById('main') ?? document.querySelector('main');
  if (main instanceof HTMLElement) {
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus({ preventScroll: true });
  }
}
