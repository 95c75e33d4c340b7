import { businessInfoSchema, type BusinessInfoInput } from '@shared/contracts/business-onboarding';
import type { DocumentType } from '@shared/domain/business';
import { missingDocuments } from '@shared/domain/documents';
import { taxIdError } from '@shared/domain/tax-id';
import { ApiError } from '@web/lib/api-client';

export const WIZARD_STEPS = 3;
export type WizardStep = 1 | 2 | 3;
export type SignupType = 'individual' | 'company';

export function isBusinessInfoValid(values: Partial<BusinessInfoInput>): boolean {
  return businessInfoSchema.safeParse(values).success;
}

export function areDocumentsComplete(businessType: SignupType, uploaded: readonly DocumentType[], isUploading: boolean): boolean {
  return !isUploading && missingDocuments(businessType, uploaded).length === 0;
}

/**
 * Whether "Next" may be pressed on steps 1 and 2. Step 3 submits and its button stays
 * enabled: an unchecked commission box must answer with the 'commission required' toast.
 */
export function canGoNext(
  step: WizardStep,
  state: { infoValid: boolean; documentsComplete: boolean },
): boolean {
  if (step === 1) return state.infoValid;
  if (step === 2) return state.documentsComplete;
  return true;
}

const step1Fields = new Set<string>([
  'businessName',
  'category',
  'address',
  'taxId',
  'phone',
  'website',
  'description',
  'businessType',
  'legalName',
  'fiscalAddress',
  'district',
  'whatsapp',
  'bookingUrl',
  'openingHours',
]);

/** What the wizard does with a failed submit, from the server's problem. */
export type SubmitFailure =
  | { kind: 'loginRequired' }
  | { kind: 'authFailed' }
  | { kind: 'fields'; fields: Record<string, string> }
  | { kind: 'documents' }
  | { kind: 'commission' }
  | { kind: 'password' }
  | { kind: 'exists' }
  | { kind: 'message'; key: string };

export function classifySubmitFailure(error: unknown): SubmitFailure {
  if (!(error instanceof ApiError)) return { kind: 'message', key: 'registrationError' };
  if (error.status === 401) return { kind: 'loginRequired' };
  if (error.status === 403) return { kind: 'authFailed' };
  switch (error.code) {
    case 'commission_required':
      return { kind: 'commission' };
    case 'documents_missing':
      return { kind: 'documents' };
    case 'password_required':
      return { kind: 'password' };
    case 'business_exists':
      return { kind: 'exists' };
    case 'rate_limited':
      return { kind: 'message', key: 'rateLimited' };
    case 'network_error':
      return { kind: 'message', key: 'network' };
  }
  const fields = Object.fromEntries(
    Object.entries(error.problem.fields ?? {}).filter(([name]) => step1Fields.has(name)),
  );
  if (Object.keys(fields).length > 0) return { kind: 'fields', fields };
  return { kind: 'message', key: 'registrationError' };
}

/** The business.signup.errors key for a failed document upload. */
export function uploadErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : '';
  switch (code) {
    case 'file_too_large':
      return 'signup.errors.fileTooLarge';
    case 'unsupported_file_type':
      return 'signup.errors.unsupportedFileType';
    case 'file_empty':
      return 'signup.errors.fileEmpty';
    case 'unauthenticated':
      return 'signup.errors.loginRequired';
    case 'rate_limited':
      return 'signup.errors.rateLimited';
    case 'network_error':
      return 'signup.errors.network';
    default:
      return 'signup.documents.uploadFailed';
  }
}

/** Step 1's fields in the order the form shows them. */
const step1FieldOrder = ['businessName', 'category', 'address', 'district', 'businessType', 'taxId', 'legalName', 'fiscalAddress', 'phone', 'whatsapp', 'bookingUrl', 'openingHours', 'website', 'description'] as const;
export type Step1Field = (typeof step1FieldOrder)[number];

/**
 * The step-1 fields that keep "Next" disabled (empty when required, or invalid), in form
 * order, so the wizard can say what is missing instead of a silent disabled button.
 */
export function missingInfoFields(values: Partial<BusinessInfoInput>): Step1Field[] {
  const result = businessInfoSchema.safeParse(values);
  if (result.success) return [];
  const fields = new Set(result.error.issues.map((issue) => String(issue.path[0])));
  // zod skips the tax id's cross-field check while another field fails: run it here too.
  const type = values.businessType === 'individual' ? 'individual' : 'company';
  if (typeof values.taxId === 'string' && values.taxId.trim() !== '' && taxIdError(values.taxId, type)) fields.add('taxId');
  return step1FieldOrder.filter((field) => fields.has(field));
}
