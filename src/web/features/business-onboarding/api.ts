import type { BusinessDocument } from '@shared/contracts/business-documents';
import type { ConfirmTokenInput, InterestInput, LinkPasswordInput, RegistrationInput, ResendInput, SignupDraftInput } from '@shared/contracts/business-onboarding';
import { UPLOAD_FIELDS } from '@shared/contracts/upload-fields';
import { LOCALE_HEADER } from '@shared/contracts/locale-header';
import type { DocumentType } from '@shared/domain/business';
import { apiRequest } from '@web/lib/api-client';
import { uploadWithProgress, type UploadHandle as ProgressUploadHandle } from '@web/lib/upload-with-progress';
import { getLanguage } from '@web/lib/language';

// Response contracts, loaded only where answers are checked: development and tests (ADR 039).
// The interest page must not download zod with its chunk (ADR 046).
const onboardingContract = () => import('@shared/contracts/business-onboarding');
const documentsContract = () => import('@shared/contracts/business-documents');

const localeHeaders = () => ({ [LOCALE_HEADER]: getLanguage() });

export function registerInterest(input: InterestInput) {
  return apiRequest('/api/business/interest', {
    method: 'POST',
    body: input,
    contract: () => onboardingContract().then((m) => m.interestResultSchema),
    headers: localeHeaders(),
  });
}

export function confirmToken(input: ConfirmTokenInput) {
  return apiRequest('/api/business/interest/confirm', {
    method: 'POST',
    body: input,
    contract: () => onboardingContract().then((m) => m.confirmTokenResultSchema),
  });
}

/** The mailed link's password form: confirms the address and signs this browser in (ADR 081). */
export function setLinkPassword(input: LinkPasswordInput) {
  return apiRequest('/api/business/interest/password', {
    method: 'POST',
    body: input,
    contract: () => onboardingContract().then((m) => m.linkPasswordResultSchema),
  });
}

export function resendConfirmation(input: ResendInput) {
  return apiRequest('/api/business/interest/resend', {
    method: 'POST',
    body: input,
    contract: () => onboardingContract().then((m) => m.resendResultSchema),
    headers: localeHeaders(),
  });
}

export function confirmSession() {
  return apiRequest('/api/business/confirm-session', { method: 'POST', body: {}, contract: () => onboardingContract().then((m) => m.confirmSessionResultSchema) });
}

/** The caller's unsubmitted step 1 (ADR 066). */
export function getSignupDraft(signal?: AbortSignal) {
  return apiRequest('/api/business/signup-draft', { contract: () => onboardingContract().then((m) => m.signupDraftResultSchema), signal });
}

export function saveSignupDraft(body: SignupDraftInput) {
  return apiRequest<void>('/api/business/signup-draft', { method: 'PUT', body });
}

export function getPasswordStatus(signal?: AbortSignal) {
  return apiRequest('/api/account/password', { contract: () => onboardingContract().then((m) => m.passwordStatusSchema), signal });
}

export function setPassword(newPassword: string) {
  return apiRequest<void>('/api/account/password', { method: 'POST', body: { newPassword } });
}

export function listDocuments(signal?: AbortSignal) {
  return apiRequest('/api/business/documents', { contract: () => documentsContract().then((m) => m.businessDocumentListSchema), signal });
}

export function deleteDocument(type: DocumentType) {
  return apiRequest<void>(`/api/business/documents/${encodeURIComponent(type)}`, { method: 'DELETE' });
}

export function submitRegistration(input: RegistrationInput) {
  return apiRequest('/api/business/registration', {
    method: 'POST',
    body: input,
    contract: () => onboardingContract().then((m) => m.registrationResultSchema),
  });
}

export type UploadHandle = ProgressUploadHandle<BusinessDocument>;

/** Uploads one document, reporting progress (the wizard shows it per file). */
export function uploadDocument(type: DocumentType, file: File, onProgress: (fraction: number) => void): UploadHandle {
  const body = new FormData();
  // The server reads `type` before the file, so it must come first in the body.
  body.append(UPLOAD_FIELDS.type, type);
  body.append(UPLOAD_FIELDS.file, file, file.name);
  return uploadWithProgress('/api/business/documents', body, () => documentsContract().then((m) => m.businessDocumentSchema), onProgress);
}

/**
 * Sends the photo picked in the wizard; only possible once the registration has created the
 * business, so it runs right after it.
 */
