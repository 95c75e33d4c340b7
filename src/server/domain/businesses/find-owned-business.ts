import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';

/** The business the user owns (one per owner), or null. */
export async function findOwnedBusiness(db: Executor, userId: string) {
  const [row] = await db.select().from(businesses).where(eq(businesses.ownerId, userId));
  return row ?? null;
}
