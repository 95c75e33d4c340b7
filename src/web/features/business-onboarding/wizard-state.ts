import type { BusinessInfoInput } from '@shared/contracts/business-onboarding';
import type { DocumentType } from '@shared/domain/business';
import { missingDocuments } from '@shared/domain/documents';
import { missingInfoFields, WIZARD_STEPS, type SignupType, type Step1Field, type WizardStep } from './wizard-rules';

/** Where the owner is in the sign-up wizard, and what step 3 has been told. */
export interface WizardState {
  step: WizardStep;
  isCommissionAccepted: boolean;
}

export type WizardAction =
  /** "Next": moves on only when the step it leaves is done (the button may be pressed by Enter). */
  | { type: 'next'; infoValid: boolean; documentsComplete: boolean }
  | { type: 'previous' }
  /** Back to a step the server's refusal points at (fields → 1, documents → 2). */
  | { type: 'goTo'; step: WizardStep }
  | { type: 'acceptCommission'; accepted: boolean };

export const initialWizardState: WizardState = { step: 1, isCommissionAccepted: false };

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'next':
      if (state.step === 1 && action.infoValid) return { ...state, step: 2 };
      if (state.step === 2 && action.documentsComplete) return { ...state, step: 3 };
      return state;
    case 'previous':
      return state.step > 1 ? { ...state, step: (state.step - 1) as WizardStep } : state;
    case 'goTo':
      return action.step >= 1 && action.step <= WIZARD_STEPS ? { ...state, step: action.step } : state;
    case 'acceptCommission':
      return { ...state, isCommissionAccepted: action.accepted };
  }
}

/** Why "Next" is disabled, for the hint under it; null when it is not. */
export type NextBlocker =
  | { kind: 'missingFields'; fields: (Step1Field | 'password')[] }
  | { kind: 'waitForUpload' }
  | { kind: 'missingDocuments'; documents: DocumentType[] }
  | null;

export function nextBlocker(
  step: WizardStep,
  state: {
    isNextEnabled: boolean;
    values: Partial<BusinessInfoInput>;
    businessType: SignupType;
    uploaded: readonly DocumentType[];
    isUploading: boolean;
    /** The account has no password (nor Google) yet: step 1's password box must be saved. */
    isPasswordMissing?: boolean;
  },
): NextBlocker {
  if (state.isNextEnabled) return null;
  if (step === 1) return { kind: 'missingFields', fields: [...missingInfoFields(state.values), ...(state.isPasswordMissing ? (['password'] as const) : [])] };
  if (step === 2) {
    return state.isUploading ? { kind: 'waitForUpload' } : { kind: 'missingDocuments', documents: missingDocuments(state.businessType, state.uploaded) };
  }
  return null;
}
