import { eq } from 'drizzle-orm';
import { signupDraftFieldsSchema, type SignupDraftResult } from '@shared/contracts/business-onboarding';
import type { Executor } from '../../db/client';
import { businessSignupDrafts } from '../../db/schema/businesses';

/** The caller's own unsubmitted step 1 (ADR 066); what no longer parses is dropped field by field. */
export async function getSignupDraft(db: Executor, userId: string): Promise<SignupDraftResult> {
  const [row] = await db.select().from(businessSignupDrafts).where(eq(businessSignupDrafts.userId, userId));
  if (!row) return { draft: null };
  const values: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(signupDraftFieldsSchema.shape)) {
    const parsed = schema.safeParse(row.values[field]);
    if (parsed.success && parsed.data !== undefined) values[field] = parsed.data;
  }
  return { draft: { values, hadPhoto: row.hadPhoto, updatedAt: row.updatedAt.toISOString() } };
}
