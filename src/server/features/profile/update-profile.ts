import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';
import type { SessionUser } from '@shared/contracts/session';
import { getProfile, type ProfileRow } from './get-profile';

export interface UpdateProfileData {
  fullName: string;
  /** Already normalised (E.164) or null to clear it. */
  phone: string | null;
}

/** Saves the profile and keeps the account's name and phone in step, in one transaction. */
export async function updateProfile(
  db: Database,
  user: Pick<SessionUser, 'id' | 'email' | 'name' | 'phone'>,
  data: UpdateProfileData,
): Promise<ProfileRow> {
  return db.transaction(async (tx) => {
    await getProfile(tx, user);
    const [row] = await tx
      .update(profiles)
      .set({ fullName: data.fullName, phone: data.phone })
      .where(eq(profiles.userId, user.id))
      .returning();
    await tx.update(users).set({ name: data.fullName, phone: data.phone }).where(eq(users.id, user.id));
    return row!;
  });
}
