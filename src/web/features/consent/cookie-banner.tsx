import { Cookie, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AppLink } from '../../components/app-link';
import { buttonVariants } from '../../components/ui/button-variants';
import type { ConsentChoice } from '@shared/contracts/consent-cookies';
import { COOKIE_BANNER_SHELL_ID } from '@shared/cookie-banner-shell';
import { acceptAll, declineAll, getConsent, onOpenCookieSettings, saveConsent } from '../../lib/consent';
import { useBottomOverlay } from '../../lib/bottom-overlay';
import { useText } from '../../lib/text';

// The toggles (Radix Switch) are only needed when someone customises, so they load then.
const CookiePreferences = lazy(() => import('./cookie-preferences'));

/**
 * Shown on every page until a choice is stored in the `cookie-consent` cookie. Closing it
 * (×) only hides it for this page view, as the specification says: with no stored choice it
 * comes back on the next load. The footer's "Cookie settings" reopens it on the toggles.
 *
 * For a visitor who has not chosen, the server's document already shows the same banner as
 * an inert stand-in (shared/cookie-banner-shell.ts, ADR 050); this component removes it when it
 * first renders, in the same commit, so the banner neither blinks nor moves.
 */
export function CookieBanner() {
  const { t } = useText('cookies');
  const [isOpen, setIsOpen] = useState(() => getConsent() === null);
  const [isCustomizing, setIsCustomizing] = useState(false);
  const [initialChoice, setInitialChoice] = useState<ConsentChoice>(() => getConsent() ?? declineAll);
  const regionRef = useRef<HTMLElement>(null);
  const focusOnOpen = useRef(false);
  useBottomOverlay(regionRef, isOpen);

  // Before the browser paints this commit: the stand-in and this banner are never both seen.
  useLayoutEffect(() => document.getElementById(COOKIE_BANNER_SHELL_ID)?.remove(), []);

  useEffect(
    () =>
      onOpenCookieSettings(() => {
        setInitialChoice(getConsent() ?? declineAll);
        setIsCustomizing(true);
        setIsOpen(true);
        focusOnOpen.current = true;
      }),
    [],
  );

  useEffect(() => {
    if (isOpen && focusOnOpen.current) {
      focusOnOpen.current = false;
      regionRef.current?.focus();
    }
  }, [isOpen, isCustomizing]);

  if (!isOpen) return null;

  const decide = (choice: ConsentChoice) => {
    saveConsent(choice);
    setIsOpen(false);
    setIsCustomizing(false);
  };

  // Accept and decline share one look on purpose: refusing must be as easy as accepting.
  // Long labels ("Rechazar todas" at 320 px) wrap inside the button instead of spilling out.
  const choiceButton = buttonVariants({
    variant: 'secondary',
    size: 'md',
    className: 'h-auto min-h-11 w-full whitespace-normal py-2 text-center leading-tight sm:w-auto sm:min-w-36',
  });

  return (
    <section
      ref={regionRef}
      tabIndex={-1}
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-0 bottom-0 z-40 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] focus:outline-none sm:p-5"
    >
      {/* Scrolls inside itself when taller than the screen (320 px, 200 % zoom: WCAG 1.4.10). */}
      <div className="relative mx-auto max-h-[calc(100dvh-1.5rem)] max-w-3xl overflow-y-auto overscroll-contain rounded-3xl border border-line bg-white p-4 shadow-lift sm:p-6 sm:pr-14">
        <button
          type="button"
          onClick={() => setIsOpen(false)}
          aria-label={t('close')}
          className="absolute right-2.5 top-2.5 inline-flex size-10 cursor-pointer items-center justify-center rounded-full text-muted hover:bg-sand-200 hover:text-ink"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
        <div className="flex items-start gap-3">
          <Cookie aria-hidden="true" className="mt-0.5 hidden size-6 shrink-0 text-brand-600 sm:block" />
          <div className="flex flex-col gap-1.5">
            <h2 id="cookie-banner-title" className="pr-9 font-display text-lg font-semibold leading-snug sm:pr-0">
              {t('title')}
            </h2>
            <p className="text-[0.8125rem] leading-relaxed text-muted sm:text-sm">
              {t('description')}{' '}
              <AppLink to="/privacy" className="font-semibold text-brand-700 underline underline-offset-2">
                {t('privacyLink')}
              </AppLink>
            </p>
          </div>
        </div>

        {isCustomizing ? (
          <Suspense fallback={<div className="mt-4 h-40" aria-busy="true" />}>
            <CookiePreferences initialChoice={initialChoice} onSave={decide} />
          </Suspense>
        ) : (
          <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center sm:gap-2.5">
            <button type="button" className={choiceButton} onClick={() => decide(acceptAll)}>
              {t('acceptAll')}
            </button>
            <button type="button" className={choiceButton} onClick={() => decide(declineAll)}>
              {t('declineAll')}
            </button>
            <button
              type="button"
              className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'col-span-2 underline underline-offset-4 sm:ml-1' })}
              onClick={() => {
                // The button disappears with the choices' reveal; keep focus in the banner.
                focusOnOpen.current = true;
                setIsCustomizing(true);
              }}
            >
              {t('customize')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
