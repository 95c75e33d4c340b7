import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { readEmailConfirmation } from '../lib/email-confirmation';
import { signInPathFor } from '../lib/return-path';
import { useSession } from '../lib/session';

interface RequireSessionProps {
  children: ReactNode;
  /** Where anonymous visitors go (default /auth, naming this page to come back to). */
  redirectTo?: string;
  /** Shown while the session is being read. */
  fallback?: ReactNode;
}

/**
 * Renders its children only for a signed-in visitor; anyone else is sent (replace) to /auth,
 * with this page as the place to come back to (`?next=`, `lib/return-path.ts`).
 * An `error` in the URL (e.g. a failed email-verification link redirecting to /app?error=…)
 * is handed on so the sign-in page can explain it; so is `verified=1` from a reused
 * verification link, as `notice=email_verified` (with the guest purchases it `found`).
 */
export function RequireSession({ children, redirectTo, fallback }: RequireSessionProps) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return fallback ?? <div className="min-h-dvh" aria-busy="true" />;
  if (status === 'anonymous') {
    const search = new URLSearchParams(location.search);
    const error = search.get('error');
    // A verification link used a second time lands here without a session (see auth.ts).
    const confirmation = readEmailConfirmation(search);
    const notice = !error && confirmation.verified ? 'email_verified' : null;
    const signIn = redirectTo ?? '/auth';
    const target = error
      ? `${signIn}?error=${encodeURIComponent(error)}`
      : notice
        ? `${signIn}?notice=${notice}${confirmation.found > 0 ? `&found=${confirmation.found}` : ''}`
        : // Signing in leads back here (a public gift's "Send this gift", a checkout link).
          (redirectTo ?? signInPathFor(location));
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}
