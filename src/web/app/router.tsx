import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { AreaLoading } from '../components/area-header';
import { RedirectIfSignedIn } from '../components/redirect-if-signed-in';
import { RequireAdmin } from '../components/require-admin';
import { RequireSession } from '../components/require-session';
import { PAGE_NAMESPACES, type PageModule } from '@shared/page-texts';
import { getLanguage } from '../lib/language';
import { loadText } from '../lib/text';
import { PageFallback } from './page-chrome';
import { RootLayout } from './root-layout';

/**
 * A page and the catalogues it renders with, fetched together: the page would otherwise ask
 * for its texts only once its own chunk had arrived and rendered, one more round trip before
 * anything shows. Every page reads its texts through lib/text.ts; none loads i18next (≈ 19 KB
 * gzip less on each; ADRs 039, 045, 046). The page is named as shared/page-texts.ts lists it,
 * where the server reads the same namespaces to preload them with the document.
 */
function withTexts<Page>(load: () => Promise<{ default: Page }>, page: PageModule) {
  return () => Promise.all([load(), loadText(getLanguage(), PAGE_NAMESPACES[page])]).then(([module]) => module);
}

/**
 * Declarative routes with one lazy chunk per page. (The data router of react-router costs
 * ~15 KB gzip more and we load data with TanStack Query inside the signed-in areas instead.)
 * The landing page `/` is not one of them: the server renders it (ADR 098).
 */
const PrivacyPage = lazy(withTexts(() => import('../features/legal/privacy-page'), 'features/legal/privacy-page.tsx'));
const ReportPage = lazy(withTexts(() => import('../features/report/report-page'), 'features/report/report-page.tsx'));
const WithdrawalPage = lazy(withTexts(() => import('../features/withdrawal/withdrawal-page'), 'features/withdrawal/withdrawal-page.tsx'));
const FindPurchasesPage = lazy(withTexts(() => import('../features/consumer/find-purchases-page'), 'features/consumer/find-purchases-page.tsx'));
const PurchasePage = lazy(withTexts(() => import('../features/consumer/purchase-page'), 'features/consumer/purchase-page.tsx'));
const NotFoundPage = lazy(withTexts(() => import('../features/not-found/not-found-page'), 'features/not-found/not-found-page.tsx'));
const ConsumerPage = lazy(withTexts(() => import('../features/consumer/consumer-page'), 'features/consumer/consumer-page.tsx'));
const AuthPage = lazy(withTexts(() => import('../features/auth/auth-page'), 'features/auth/auth-page.tsx'));
const ForgotPasswordPage = lazy(withTexts(() => import('../features/auth/forgot-password-page'), 'features/auth/forgot-password-page.tsx'));
const ResetPasswordPage = lazy(withTexts(() => import('../features/auth/reset-password-page'), 'features/auth/reset-password-page.tsx'));
const BusinessInterestPage = lazy(withTexts(() => import('../features/business-onboarding/interest-page'), 'features/business-onboarding/interest-page.tsx'));
const ConfirmPage = lazy(withTexts(() => import('../features/business-onboarding/confirm-page'), 'features/business-onboarding/confirm-page.tsx'));
const BusinessConfirmPage = lazy(withTexts(() => import('../features/business-onboarding/business-confirm-page'), 'features/business-onboarding/business-confirm-page.tsx'));
const BusinessSignupPage = lazy(withTexts(() => import('../features/business-onboarding/signup-page'), 'features/business-onboarding/signup-page.tsx'));
const BusinessDashboardPage = lazy(withTexts(() => import('../features/business-dashboard/business-dashboard-page'), 'features/business-dashboard/business-dashboard-page.tsx'));
const CheckoutPage = lazy(withTexts(() => import('../features/checkout/checkout-page'), 'features/checkout/checkout-page.tsx'));
const TestPaymentPage = lazy(withTexts(() => import('../features/checkout/test-payment-page'), 'features/checkout/test-payment-page.tsx'));
const CheckoutReturnPage = lazy(withTexts(() => import('../features/checkout/checkout-return-page'), 'features/checkout/checkout-return-page.tsx'));
const TestOnboardingPage = lazy(withTexts(() => import('../features/payouts/test-onboarding-page'), 'features/payouts/test-onboarding-page.tsx'));
const AdminPage = lazy(withTexts(() => import('../features/admin/admin-page'), 'features/admin/admin-page.tsx'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LoadLandingDocument />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="report" element={<ReportPage />} />
        {/* The receipt email's signed link: no account needed (ADR 064). */}
        <Route path="withdraw/link/:token" element={<WithdrawalPage />} />
        {/* A guest's purchase, opened by the receipt's signed link (ADR 075). */}
        <Route path="purchase/:token" element={<PurchasePage />} />
        <Route path="purchase" element={<FindPurchasesPage />} />
        <Route
          path="withdraw/:checkoutId"
          element={
            <RequireSession>
              <WithdrawalPage />
            </RequireSession>
          }
        />
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
            <RequireSession fallback={<AreaLoading area="consumer" />}>
              <Suspense fallback={<AreaLoading area="consumer" />}>
                <ConsumerPage />
              </Suspense>
            </RequireSession>
          }
        />
        {/* Open to guests (ADR 075): the server decides whose checkout each request may see. */}
        <Route path="checkout" element={<CheckoutPage />} />
        <Route path="checkout/:id/pay" element={<TestPaymentPage />} />
        <Route path="checkout/:id" element={<CheckoutReturnPage />} />
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
          path="business/payouts/test-onboarding"
          element={
            <RequireSession>
              <TestOnboardingPage />
            </RequireSession>
          }
        />
        <Route
          path="business/dashboard"
          element={
            <RequireSession fallback={<AreaLoading area="business" />}>
              <Suspense fallback={<AreaLoading area="business" />}>
                <BusinessDashboardPage />
              </Suspense>
            </RequireSession>
          }
        />
        <Route
          path="admin"
          element={
            <RequireAdmin denied={<NotFoundPage />} fallback={<AreaLoading area="admin" />}>
              <Suspense fallback={<AreaLoading area="admin" />}>
                <AdminPage />
              </Suspense>
            </RequireAdmin>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * The server renders the landing page `/` itself (ADR 098); a client-side navigation to
 * `/` (links home are plain <a href="/">, this catches any other) loads that document.
 */
function LoadLandingDocument() {
  useEffect(() => window.location.replace('/'), []);
  return <PageFallback />;
}
