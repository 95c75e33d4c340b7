// Type-only import: the public header on the landing page uses these, and the contract
// module brings zod, which the landing entry must not load (ADR 015).
import type { SessionUser } from '@shared/contracts/session';

export type Area = 'consumer' | 'business' | 'admin';

export const areaPaths: Record<Area, string> = {
  consumer: '/app',
  business: '/business/dashboard',
  admin: '/admin',
};

/** Every area a signed-in user may use, their home first (the headers link to each). */
export function areasFor(user: Pick<SessionUser, 'role' | 'isBusiness' | 'userType'>): Area[] {
  const areas: Area[] = [];
  if (user.role === 'admin') areas.push('admin');
  if (user.isBusiness || user.userType === 'business') areas.push('business');
  areas.push('consumer');
  return areas;
}

/** Where a user lands after signing in: admin → /admin, business owner → dashboard, else /app. */
export function homePathFor(user: Pick<SessionUser, 'role' | 'isBusiness' | 'userType'> | null): string {
  return user ? areaPaths[areasFor(user)[0]!] : areaPaths.consumer;
}
