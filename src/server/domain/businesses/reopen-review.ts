import { and, eq, sql } from 'drizzle-orm';
import { identityFields, type IdentityField } from '@shared/domain/business';
import { normalizeTaxId } from '@shared/domain/tax-id';
import type { Executor } from '../../db/client';
import { businessApplications, businesses } from '../../db/schema/businesses';

type IdentitySnapshot = Pick<typeof businesses.$inferSelect, IdentityField>;

/** Which identity fields differ between the stored business and the values about to be saved. */
export function changedIdentityFields(before: IdentitySnapshot, after: Partial<IdentitySnapshot>): IdentityField[] {
  // The form sends every field on each save; only a different value (ignoring how a tax id
  // is spaced or cased) counts as a change.
  const comparable = (field: IdentityField, value: string | null | undefined) => {
    const text = (value ?? '').trim();
    return field === 'taxId' ? normalizeTaxId(text) : text;
  };
  return identityFields.filter((field) => after[field] !== undefined && comparable(field, after[field]) !== comparable(field, before[field]));
}

/**
 * ADR 034: a change to who the business is (name, type, tax id, registration number, a
 * verification document) after approval sends it back to review. Call inside the
 * transaction that saves the change, with the row locked.
 *
 * - approved → `pending` (hidden from the catalogue until reviewed; `is_active` is kept so
 *   gifts already sold stay redeemable) and a new `identity_change` application;
 * - pending → the open application records the extra fields (one open review at a time);
 * - rejected → nothing here: the owner corrects and then resubmits explicitly.
 * Returns which happened: `reopened` (approved → pending: the caller tells the owner).
 */
export async function reopenReviewIfIdentityChanged(
  tx: Executor,
  business: Pick<typeof businesses.$inferSelect, 'id' | 'verificationStatus'>,
  changed: readonly string[],
  now: Date,
): Promise<'reopened' | 'merged' | 'none'> {
  if (changed.length === 0) return 'none';
  // One open review at a time (a unique index says so): an approved business that somehow
  // still has an open application (data from before ADR 034) gets its fields merged there.
  const [open] = await tx
    .select({ id: businessApplications.id })
    .from(businessApplications)
    .where(and(eq(businessApplications.businessId, business.id), eq(businessApplications.applicationStatus, 'pending')));
  if (business.verificationStatus === 'approved') {
    await tx.update(businesses).set({ verificationStatus: 'pending', updatedAt: now }).where(eq(businesses.id, business.id));
    if (open) {
      await mergeChangedFields(tx, business.id, changed);
      return 'reopened';
    }
    await tx.insert(businessApplications).values({
      businessId: business.id,
      applicationStatus: 'pending',
      kind: 'identity_change',
      changedFields: [...changed],
      submittedAt: now,
      createdAt: now,
    });
    return 'reopened';
  }
  if (business.verificationStatus === 'pending') {
    await mergeChangedFields(tx, business.id, changed);
    return 'merged';
  }
  return 'none';
}

/** Adds field names to the open review (jsonb array union, no duplicates). */
async function mergeChangedFields(tx: Executor, businessId: string, changed: readonly string[]) {
  await tx
    .update(businessApplications)
    .set({
      changedFields: sql`(select coalesce(jsonb_agg(distinct f), '[]'::jsonb) from jsonb_array_elements_text(${businessApplications.changedFields} || ${JSON.stringify(changed)}::jsonb) f)`,
    })
    .where(and(eq(businessApplications.businessId, businessId), eq(businessApplications.applicationStatus, 'pending')));
}
