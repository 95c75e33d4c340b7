import type { LaunchChecklist } from '@shared/contracts/launch-checklist';
import type { Executor } from '../../../db/client';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { readLaunchChecklist } from '../../../domain/businesses/read-launch-checklist';
import { AppError } from '../../../platform/errors';

/** GET /api/business/launch-checklist: the owner's own business's steps to its first sale. */
export async function getLaunchChecklist(db: Executor, userId: string): Promise<LaunchChecklist> {
  const business = await requireOwnedBusiness(db, userId);
  const checklist = await readLaunchChecklist(db, business.id);
  // The row was just read: only a deletion in between leaves nothing.
  if (!checklist) throw new AppError('no_business', 403, 'You do not own a business');
  return checklist;
}
