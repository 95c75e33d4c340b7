import type { BusinessInfoInput, SignupDraftInput, SignupDraftResult } from '@shared/contracts/business-onboarding';

/**
 * Step 1 of the business sign-up wizard is kept on the server with the account until the
 * registration is submitted (ADR 066), so an owner who leaves to fetch documents
 * finds it on any device. The photo is a File and is not kept: the draft only remembers that
 * there was one, so the page can ask for it again.
 */
const draftFields = ['businessName', 'category', 'address', 'taxId', 'businessType', 'phone', 'website', 'description', 'legalName', 'fiscalAddress', 'district', 'whatsapp', 'bookingUrl', 'openingHours'] as const;

export type DraftValues = Partial<Pick<BusinessInfoInput, (typeof draftFields)[number]>>;

/** How long typing may pause before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 800;

/** The PUT body for what the form holds now: its text fields, as typed. */
export function toDraftBody(values: Record<string, unknown>, hadPhoto: boolean): SignupDraftInput {
  const body: Record<string, unknown> = { hadPhoto };
  for (const field of draftFields) {
    const value = values[field];
    if (typeof value === 'string') body[field] = value;
  }
  return body as SignupDraftInput;
}

/** The form's starting values from a loaded draft (the server only returns valid fields). */
export function fromDraft(draft: SignupDraftResult['draft']): DraftValues {
  if (!draft) return {};
  const values: Record<string, string> = {};
  for (const field of draftFields) {
    const value = draft.values[field];
    if (typeof value === 'string' && value !== '') values[field] = value;
  }
  return values as DraftValues;
}
