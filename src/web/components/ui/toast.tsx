/**
 * Toasts — short messages after an action. <Toaster /> is already rendered once by the root
 * layout; anywhere else just call:
 *   toast.success(t('profile.saved'), { description: t('profile.savedLead') });
 *   toast.error(t('common:error'), { description: message });
 *   toast.message(t('copied'));  toast.dismiss(id);
 * Pass your own `id` in the options when you need to update or dismiss a toast later.
 *
 * sonner (~10 KB gzip) is only downloaded once the visitor first presses a key or the pointer
 * (a region ready for the toast an action may show) or when a toast is asked for, which keeps
 * it off every page's first load (ADR 044).
 */
import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { ExternalToast } from 'sonner';
import { useText } from '../../lib/text';

const loadSonner = () => import('sonner');

let isToasterNeeded = false;
const listeners = new Set<() => void>();

function requireToaster() {
  if (isToasterNeeded) return;
  isToasterNeeded = true;
  for (const listener of listeners) listener();
}

/** Mounts the (empty) toast live region ahead of the first toast. */
export function prepareToaster() {
  requireToaster();
}

/**
 * Mounts the region at the visitor's first key press, pointer press or click (a screen
 * reader's activation sends a click without a key event reaching the page): the toasts
 * that follow an action then go into a region that already exists, as screen readers need
 * to announce them.
 */
export function prepareToasterOnFirstInteraction(target: Pick<Document, 'addEventListener' | 'removeEventListener'> = document) {
  const events = ['pointerdown', 'keydown', 'click', 'focusin'] as const;
  const prepare = () => {
    for (const event of events) target.removeEventListener(event, prepare, true);
    prepareToaster();
  };
  for (const event of events) target.addEventListener(event, prepare, { capture: true, passive: true });
}

/**
 * Resolves once the region has been in the page for a moment. A live region that appears
 * together with its first message is often not announced; a toast asked for before the
 * region exists (an error on load, before any interaction) waits for it.
 */
const REGION_SETTLE_MS = 250;
let regionMounted: () => void = () => undefined;
const regionReady = new Promise<void>((resolve) => {
  regionMounted = () => void window.setTimeout(resolve, REGION_SETTLE_MS);
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

export function Toaster() {
  const isNeeded = useSyncExternalStore(subscribe, () => isToasterNeeded, () => false);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <TranslatedToaster />
    </Suspense>
  );
}

function TranslatedToaster() {
  // The region's name and the close buttons speak the interface language (WCAG 3.1.2).
  const { t } = useText('common');
  useEffect(() => {
    regionMounted();
  }, []);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => clearToastsOver(event.target);
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
  return (
    // Top centre: clear of the cookie banner and the cart bar, which sit at the bottom.
    <SonnerToaster
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={t('toast.region')}
      toastOptions={{ className: 'font-sans', closeButtonAriaLabel: t('toast.close') }}
      offset={16}
      mobileOffset={12}
    />
  );
}

const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/**
 * WCAG 2.4.11: a toast covers the top of the page for a few seconds, and a keyboard user
 * tabbing through the header (after "Add to cart", Tab wraps round to it) had the focused
 * link hidden under "… added to the cart". When focus lands under a toast, the toasts go at
 * once: their text has been announced and seen, the focused control must be visible. They
 * are hidden on the spot, not after sonner's exit animation. Focus inside the toasts (their
 * close buttons) leaves them alone.
 */
export function clearToastsOver(target: EventTarget | null) {
  if (!(target instanceof Element) || target.closest('[data-sonner-toaster]')) return;
  const focused = target.getBoundingClientRect();
  const toasts = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')];
  if (!toasts.some((item) => overlap(item.getBoundingClientRect(), focused))) return;
  for (const item of toasts) item.style.visibility = 'hidden';
  toast.dismiss();
}

type Kind = 'success' | 'error' | 'info' | 'warning';

function show(kind: Kind | 'message') {
  return (message: ReactNode, options?: ExternalToast) => {
    requireToaster();
    void Promise.all([loadSonner(), regionReady]).then(([{ toast: sonnerToast }]) => {
      if (kind === 'message') sonnerToast(message, options);
      else sonnerToast[kind](message, options);
    });
  };
}

export const toast = {
  message: show('message'),
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  dismiss(id?: string | number) {
    void loadSonner().then(({ toast: sonnerToast }) => sonnerToast.dismiss(id));
  },
};
