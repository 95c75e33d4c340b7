import type { ReactNode } from 'react';
import { useSession } from '../lib/session';

/**
 * Renders its children only for a member of the platform team. Everyone else — anonymous
 * visitors included — gets `denied` (the not-found page), so /admin does not even reveal
 * that it exists. The server checks the role on every /api/admin call regardless.
 */
export function RequireAdmin({ children, denied, fallback }: { children: ReactNode; denied: ReactNode; fallback?: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return fallback ?? <div className="min-h-dvh" aria-busy="true" />;
  if (user?.role !== 'admin') return <>{denied}</>;
  return <>{children}</>;
}
