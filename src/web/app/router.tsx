import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RootLayout } from './root-layout';

/**
 * Declarative routes with one lazy chunk per page: the landing page loads only React, the
 * router and i18next besides its own code. (The data router of react-router costs ~15 KB
 * gzip more and we load data with TanStack Query inside the signed-in areas instead.)
 */
const LandingPage = lazy(() => import('../features/landing/landing-page'));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
