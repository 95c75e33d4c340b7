import { z } from 'zod';
import { LOCALES } from '../locale';

/**
 * The signed-in user as the server's guards and the web app see it. Business users are
 * marked by the specification's metadata (`isBusiness` / `userType: 'business'`); the
 * platform team has `role: 'admin'`.
 */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  userType: z.enum(['consumer', 'business']),
  isBusiness: z.boolean(),
  businessName: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  locale: z.enum(LOCALES),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export function isBusinessUser(user: Pick<SessionUser, 'isBusiness' | 'userType'>): boolean {
  return user.isBusiness || user.userType === 'business';
}
