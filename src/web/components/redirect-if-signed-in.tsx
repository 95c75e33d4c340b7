import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { homePathFor } from '../lib/home-path';
import { useReturnPath } from '../lib/return-path';
import { useSession } from '../lib/session';

interface RedirectIfSignedInProps {
  children: ReactNode;
  /** Where signed-in visitors go (replace); default: the page named by `?next=`, else the home of their role. */
  to?: string;
}

/**
 * For pages meant for signed-out visitors (/auth): a signed-in visitor is sent on at once.
 * The page renders while the session is still loading so a visitor is never kept waiting on
 * the form; if a session turns up the redirect follows.
 */
export function RedirectIfSignedIn({ children, to }: RedirectIfSignedInProps) {
  const { status, user } = useSession();
  const returnPath = useReturnPath();
  if (status === 'authenticated') return <Navigate to={to ?? returnPath ?? homePathFor(user)} replace />;
  return <>{children}</>;
}
