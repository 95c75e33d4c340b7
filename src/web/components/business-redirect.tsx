import { useEffect } from 'react';
import { useSession } from '../lib/session';

/**
 * Rendered by the landing page: a signed-in business user (is_business or user_type
 * business, spec "Landing") belongs on /business/confirm. The landing page is its own light
 * entry without the router (ADR 015), so this is a document navigation; `replace` keeps the
 * landing page out of the back history. It uses only the light session store, so the landing
 * page pulls in no auth client, zod or query library.
 */
export function BusinessRedirect() {
  const { user } = useSession();
  const isBusiness = Boolean(user && (user.isBusiness || user.userType === 'business'));
  useEffect(() => {
    if (isBusiness) window.location.replace('/business/confirm');
  }, [isBusiness]);
  return null;
}
