import { BrowserRouter, Link } from 'react-router';
import { AppLinkContext, type AppLinkProps } from '../components/app-link';
import { revealFocusedOnPage } from '../components/ui/reveal-focus';
import { prepareToasterOnFirstInteraction } from '../components/ui/toast';
import { AppErrorBoundary } from './app-error-boundary';
import { AppRoutes } from './router';

const renderRouterLink = (props: AppLinkProps) => <Link {...props} />;

// The toast live region must exist before the first message (a wrong password) for screen
// readers to announce it; it mounts at the first interaction, so sonner stays off the first
// load (ADR 044), and a toast asked for before that waits for its region (toast.tsx).
if (typeof window !== 'undefined') {
  prepareToasterOnFirstInteraction();
  revealFocusedOnPage();
}

/** The single-page app: every page but those the server renders (the landing page, the shop window, the gift page). */
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
