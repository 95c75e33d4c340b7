import { lazy, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { RedirectIfSignedIn } from '../components/redirect-if-signed-in';
import { RequireAdmin } from '../components/require-admin';
import { RequireSession } from '../components/require-session';
import { PageFallback } from './page-chrome';
import { RootLayout } from './root-layout';

/**
 * Declarative routes with one lazy chunk per page. (The data router of react-router costs
 * ~15 KB gzip more and we load data with TanStack Query inside the signed-in areas instead.)
 * The landing page `/` is not one of them: it is its own entry, landing.html (ADR 015).
 */
const PrivacyPage = lazy(() => import('../features/legal/privacy-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));
const ConsumerPage = lazy(() => import('../features/consumer/consumer-page'));
const AuthPage = lazy(() => import('../features/auth/auth-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const BusinessInterestPage = lazy(() => import('../features/business-onboarding/interest-page'));
const ConfirmPage = lazy(() => import('../features/business-onboarding/confirm-page'));
const BusinessConfirmPage = lazy(() => import('../features/business-onboarding/business-confirm-page'));
const BusinessSignupPage = lazy(() => import('../features/business-onboarding/signup-page'));
const BusinessDashboardPage = lazy(() => import('../features/business-dashboard/business-dashboard-page'));
const CheckoutPage = lazy(() => import('../features/checkout/checkout-page'));
const TestPaymentPage = lazy(() => import('../features/checkout/test-payment-page'));
const CheckoutReturnPage = lazy(() => import('../features/checkout/checkout-return-page'));
const AdminPage = lazy(() => import('../features/admin/admin-page'));

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
