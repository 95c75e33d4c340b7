import { lazy, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { RedirectIfSignedIn } from '../components/redirect-if-signed-in';
import { RequireAdmin } from '../components/require-admin';
import { RequireSession } from '../components/require-session';
import { getLanguage } from '../lib/language';
import { loadText } from '../lib/text';
import { PageFallback } from './page-chrome';
import { RootLayout } from './root-layout';

/**
 * A page that reads its texts through react-i18next: its chunk and i18next's set-up
 * (lib/i18n.ts) load together. The auth pages read the same catalogues through lib/text.ts,
 * as the landing page does, and load no i18next at all (≈ 19 KB gzip less on /auth; ADR 039).
 */
function withI18n<Page>(load: () => Promise<{ default: Page }>, namespaces: readonly string[] = []) {
  return () => Promise.all([import('../lib/i18n'), load(), loadText(getLanguage(), namespaces)]).then(([, page]) => page);
}

/**
 * A page and the catalogues it renders with, fetched together: the page would otherwise ask
 * for its texts only once its own chunk had arrived and rendered, one more round trip before
 * anything shows. Both runtimes share the catalogue modules, so this serves i18next too.
 */
function withTexts<Page>(load: () => Promise<{ default: Page }>, namespaces: readonly string[]) {
  return () => Promise.all([load(), loadText(getLanguage(), namespaces)]).then(([page]) => page);
}

/**
 * Declarative routes with one lazy chunk per page. (The data router of react-router costs
 * ~15 KB gzip more and we load data with TanStack Query inside the signed-in areas instead.)
 * The landing page `/` is not one of them: it is its own entry, landing.html (ADR 015).
 */
const PrivacyPage = lazy(withI18n(() => import('../features/legal/privacy-page')));
const NotFoundPage = lazy(withI18n(() => import('../features/not-found/not-found-page')));
const ConsumerPage = lazy(withI18n(() => import('../features/consumer/consumer-page'), ['app', 'checkout']));
const AuthPage = lazy(withTexts(() => import('../features/auth/auth-page'), ['auth']));
const ForgotPasswordPage = lazy(withTexts(() => import('../features/auth/forgot-password-page'), ['auth']));
const ResetPasswordPage = lazy(withTexts(() => import('../features/auth/reset-password-page'), ['auth']));
const BusinessInterestPage = lazy(withI18n(() => import('../features/business-onboarding/interest-page')));
const ConfirmPage = lazy(withI18n(() => import('../features/business-onboarding/confirm-page')));
const BusinessConfirmPage = lazy(withI18n(() => import('../features/business-onboarding/business-confirm-page')));
const BusinessSignupPage = lazy(withI18n(() => import('../features/business-onboarding/signup-page')));
const BusinessDashboardPage = lazy(withI18n(() => import('../features/business-dashboard/business-dashboard-page')));
const CheckoutPage = lazy(withI18n(() => import('../features/checkout/checkout-page')));
const TestPaymentPage = lazy(withI18n(() => import('../features/checkout/test-payment-page')));
const CheckoutReturnPage = lazy(withI18n(() => import('../features/checkout/checkout-return-page')));
const AdminPage = lazy(withI18n(() => import('../features/admin/admin-page')));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LoadLandingDocument />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route
          path="auth"
          element={
            <RedirectIfSignedIn>
              <AuthPage />
            </RedirectIfSignedIn>
          }
        />
        <Route path="auth/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="auth/reset-password" element={<ResetPasswordPage />} />
        <Route
          path="app"
          element={
            <RequireSession>
              <ConsumerPage />
            </RequireSession>
          }
        />
        <Route
          path="checkout"
          element={
            <RequireSession>
              <CheckoutPage />
            </RequireSession>
          }
        />
        <Route
          path="checkout/:id/pay"
          element={
            <RequireSession>
              <TestPaymentPage />
            </RequireSession>
          }
        />
        <Route
          path="checkout/:id"
          element={
            <RequireSession>
              <CheckoutReturnPage />
            </RequireSession>
          }
        />
        <Route path="business/interest" element={<BusinessInterestPage />} />
        <Route path="confirm" element={<ConfirmPage />} />
        <Route
          path="business/confirm"
          element={
            <RequireSession redirectTo="/business/interest">
              <BusinessConfirmPage />
            </RequireSession>
          }
        />
        <Route
          path="business/signup"
          element={
            <RequireSession redirectTo="/business/interest">
              <BusinessSignupPage />
            </RequireSession>
          }
        />
        <Route
          path="business/dashboard"
          element={
            <RequireSession>
              <BusinessDashboardPage />
            </RequireSession>
          }
        />
        <Route
          path="admin"
          element={
            <RequireAdmin denied={<NotFoundPage />}>
              <AdminPage />
            </RequireAdmin>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * The server answers `/` with the landing page's own document; a client-side navigation to
 * `/` (links home are plain <a href="/">, this catches any other) loads that document.
 */
function LoadLandingDocument() {
  useEffect(() => window.location.replace('/'), []);
  return <PageFallback />;
}
