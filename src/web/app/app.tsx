import { BrowserRouter, Link } from 'react-router';
import { AppLinkContext, type AppLinkProps } from '../components/app-link';
import '../lib/i18n';
import { AppErrorBoundary } from './app-error-boundary';
import { AppRoutes } from './router';

const renderRouterLink = (props: AppLinkProps) => <Link {...props} />;

/** The single-page app: every page but the landing page (see landing-app.tsx). */
export function App() {
  return (
    <AppErrorBoundary>
      <BrowserRouter>
        <AppLinkContext value={renderRouterLink}>
          <AppRoutes />
        </AppLinkContext>
      </BrowserRouter>
    </AppErrorBoundary>
  );
}
