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
 * is handed on so the sign-in page can explain it.
 */
export function RequireSession({ children, redirectTo = '/auth', fallback }: RequireSessionProps) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return fallback ?? <div className="min-h-dvh" aria-busy="true" />;
  if (status === 'anonymous') {
    const error = new URLSearchParams(location.search).get('error');
    const target = error ? `${redirectTo}?error=${encodeURIComponent(error)}` : redirectTo;
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}
