import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Toaster } from '../components/ui/toast';
import { CookieBanner } from '../features/consent/cookie-banner';
import { PageFallback, SkipLink } from './page-chrome';

/**
 * Wraps every page of the single-page app. Each page renders its own <main id="main"> so the
 * skip link can jump past that page's header.
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
