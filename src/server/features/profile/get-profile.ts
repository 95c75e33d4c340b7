import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { profiles } from '../../db/schema/profiles';
import type { SessionUser } from '@shared/contracts/session';

export type ProfileRow = typeof profiles.$inferSelect;

/**
 * The user's profile; created from the account's sign-up data when it is missing (spec §3:
 * "created automatically on first load if absent").
 */
export async function getProfile(db: Executor, user: Pick<SessionUser, 'id' | 'email' | 'name' | 'phone'>): Promise<ProfileRow> {
  const [existing] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
  if (existing) return existing;
  await db
    .insert(profiles)
    .values({ userId: user.id, email: user.email, fullName: user.name, phone: user.phone })
    .onConflictDoNothing();
  const [created] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
  return created!;
}
