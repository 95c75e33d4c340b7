import type { Database } from '../../db/client';
import { setRole } from './grant-admin';

/**
 * Takes the platform-team role away (`npm run admin:revoke -- <email>`); the account stays a
 * normal user. Returns false when no account has that email. Audited like a grant.
 */
export function revokeAdmin(db: Database, email: string, now = new Date()): Promise<boolean> {
  return setRole(db, email, 'user', now);
}
