import type { SignupDraft } from '@shared/contracts/business-onboarding';
import type { Executor } from '../../db/client';
import { businessSignupDrafts } from '../../db/schema/businesses';
import { findOwnedBusiness } from '../../domain/businesses/find-owned-business';
import { AppError } from '../../platform/errors';

/** Keeps step 1 as typed, replacing the previous draft; refused once the account has a business. */
export async function saveSignupDraft(db: Executor, userId: string, input: SignupDraft, now: Date): Promise<void> {
  if (await findOwnedBusiness(db, userId)) throw new AppError('business_exists', 409, 'You already have a business');
  const { hadPhoto, ...fields } = input;
  const values = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<string, string>;
  await db
    .insert(businessSignupDrafts)
    .values({ userId, values, hadPhoto, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: businessSignupDrafts.userId, set: { values, hadPhoto, updatedAt: now } });
}
