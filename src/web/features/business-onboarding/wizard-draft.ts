import type { BusinessInfoInput } from '@shared/contracts/business-onboarding';

/**
 * Step 1 of the business sign-up wizard survives a reload (issue 15.8): its fields are kept
 * in sessionStorage (this tab only, gone when it closes) until the registration is
 * submitted. The photo is a File, which storage cannot hold: the draft only remembers that
 * there was one, so the page can ask for it again.
 */
export const WIZARD_DRAFT_KEY = 'regalo.business-signup-draft';

const draftFields = ['businessName', 'category', 'address', 'taxId', 'businessType', 'phone', 'website', 'description'] as const;

export interface WizardDraft {
  /** The account the draft belongs to: another sign-in in the same tab does not get it. */
  email: string;
  values: Partial<Pick<BusinessInfoInput, (typeof draftFields)[number]>>;
  hadPhoto: boolean;
}

/** Only what the form itself could have held: strings, and a known business type. */
function keptValue(field: (typeof draftFields)[number], value: unknown): value is string {
  if (typeof value !== 'string') return false;
  return field !== 'businessType' || value === 'individual' || value === 'company';
}

function keep(source: Record<string, unknown>): WizardDraft['values'] {
  const kept: Record<string, string> = {};
  for (const field of draftFields) {
    const value = source[field];
    if (keptValue(field, value)) kept[field] = value;
  }
  return kept as WizardDraft['values'];
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function saveWizardDraft(storage: DraftStorage, email: string, values: Partial<BusinessInfoInput>, hadPhoto: boolean) {
  try {
    storage.setItem(WIZARD_DRAFT_KEY, JSON.stringify({ email, values: keep(values), hadPhoto } satisfies WizardDraft));
  } catch {
    // Storage full or blocked (private mode): the wizard still works, only without a draft.
  }
}

/** The draft of this account, or null; anything malformed is ignored field by field. */
export function loadWizardDraft(storage: DraftStorage, email: string): WizardDraft | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(WIZARD_DRAFT_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const draft = raw as { email?: unknown; values?: unknown; hadPhoto?: unknown };
  if (draft.email !== email || !draft.values || typeof draft.values !== 'object') return null;
  return { email, values: keep(draft.values as Record<string, unknown>), hadPhoto: draft.hadPhoto === true };
}

export function clearWizardDraft(storage: DraftStorage) {
  try {
    storage.removeItem(WIZARD_DRAFT_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
