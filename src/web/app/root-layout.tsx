import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Toaster } from '../components/ui/toast';
import { CookieBanner } from '../features/consent/cookie-banner';

/**
 * Wraps every page. Each page renders its own <main id="main"> so the skip link can jump
 * past that page's header.
 */
export function RootLayout() {
  return (
    <>
      <SkipLink />
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
      <Toaster />
    </>
  );
}

function SkipLink() {
  // No suspense: the skip link must not blank the page while a catalogue loads.
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-full bg-sea-800 px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
    >
      {ready ? t('skipToContent') : 'Skip to content'}
    </a>
  );
}

function PageFallback() {
  // Kept free of the design system's helpers: this file is in the entry chunk of every page.
  return (
    <div className="flex min-h-dvh items-center justify-center" aria-busy="true">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-3 border-brand-200 border-t-brand-600" />
    </div>
  );
}
