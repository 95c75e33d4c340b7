import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session';

interface RequireSessionProps {
  children: ReactNode;
  /** Where anonymous visitors go (default /auth). */
  redirectTo?: string;
  /** Shown while the session is being read. */
  fallback?: ReactNode;
}

/**
 * Renders its children only for a signed-in visitor; anyone else is sent (replace) to /auth.
 * An `error` in the URL (e.g. a failed email-verification link redirecting to /app?error=…)
 * is handed on so the sign-in page can explain it; so is `verified=1` from a reused
 * verification link, as `notice=email_verified`.
 */
export function RequireSession({ children, redirectTo = '/auth', fallback }: RequireSessionProps) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return fallback ?? <div className="min-h-dvh" aria-busy="true" />;
  if (status === 'anonymous') {
    const search = new URLSearchParams(location.search);
    const error = search.get('error');
    // A verification link used a second time lands here without a session (see auth.ts).
    const notice = !error && search.get('verified') === '1' ? 'email_verified' : null;
    const target = error
      ? `${redirectTo}?error=${encodeURIComponent(error)}`
      : notice
        ? `${redirectTo}?notice=${notice}`
        : redirectTo;
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}
