import { BrowserRouter, Link } from 'react-router';
import { AppLinkContext, type AppLinkProps } from '../components/app-link';
import { revealFocusedOnPage } from '../components/ui/reveal-focus';
import { prepareToaster } from '../components/ui/toast';
import { AppErrorBoundary } from './app-error-boundary';
import { AppRoutes } from './router';

const renderRouterLink = (props: AppLinkProps) => <Link {...props} />;

// The toast live region must exist before the first message (a wrong password right after
// the page loads) for screen readers to announce it; load it once the page is idle.
if (typeof window !== 'undefined') {
  const whenIdle = window.requestIdleCallback ?? ((task: () => void) => window.setTimeout(task, 1));
  whenIdle(() => prepareToaster());
  revealFocusedOnPage();
}

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
