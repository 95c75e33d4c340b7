import { Navigate } from 'react-router';
import { useSession } from '../lib/session';

/**
 * Rendered by the landing page: a signed-in business user (is_business or user_type
 * business, spec "Landing") belongs on /business/confirm. A guard like the others here, and
 * it uses only the light session store, so the landing page pulls in no auth client, zod or
 * query library.
 */
export function BusinessRedirect() {
  const { user } = useSession();
  if (user && (user.isBusiness || user.userType === 'business')) return <Navigate to="/business/confirm" replace />;
  return null;
}
