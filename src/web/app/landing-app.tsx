import { Suspense } from 'react';
import { CookieBanner } from '../features/consent/cookie-banner';
import LandingPage from '../features/landing/landing-page';
import { AppErrorBoundary } from './app-error-boundary';
import { PageFallback, SkipLink } from './page-chrome';

/**
 * The landing page as its own small app: the same page furniture as the single-page app
 * (skip link, cookie banner, error page) without the router, i18next or the toaster, which
 * it does not need and whose weight does not fit its 100 KB budget (ADR 015). Its links are
 * plain document navigations into the single-page app.
 */
export function LandingApp() {
  return (
    <AppErrorBoundary>
      <SkipLink />
      <Suspense fallback={<PageFallback />}>
        <LandingPage />
      </Suspense>
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
    </AppErrorBoundary>
  );
}
