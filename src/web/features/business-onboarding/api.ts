import {
  businessDocumentListSchema,
  businessDocumentSchema,
  UPLOAD_FIELDS,
  type BusinessDocument,
} from '@shared/contracts/business-documents';
import {
  confirmSessionResultSchema,
  confirmTokenResultSchema,
  interestResultSchema,
  passwordStatusSchema,
  registrationResultSchema,
  resendResultSchema,
  type ConfirmTokenInput,
  type InterestInput,
  type RegistrationInput,
  type ResendInput,
} from '@shared/contracts/business-onboarding';
import { LOCALE_HEADER } from '@shared/contracts/locale-header';
import type { DocumentType } from '@shared/domain/business';
import { apiRequest } from '@web/lib/api-client';
import { uploadWithProgress, type UploadHandle as ProgressUploadHandle } from '@web/lib/upload-with-progress';
import { getLanguage } from '@web/lib/language';

const localeHeaders = () => ({ [LOCALE_HEADER]: getLanguage() });

export function registerInterest(input: InterestInput) {
  return apiRequest('/api/business/interest', {
    method: 'POST',
    body: input,
    schema: interestResultSchema,
    headers: localeHeaders(),
  });
}

export function confirmToken(input: ConfirmTokenInput) {
  return apiRequest('/api/business/interest/confirm', {
    method: 'POST',
    body: input,
    schema: confirmTokenResultSchema,
  });
}

export function resendConfirmation(input: ResendInput) {
  return apiRequest('/api/business/interest/resend', {
    method: 'POST',
    body: input,
    schema: resendResultSchema,
    headers: localeHeaders(),
  });
}

export function confirmSession() {
  return apiRequest('/api/business/confirm-session', { method: 'POST', body: {}, schema: confirmSessionResultSchema });
}

export function getPasswordStatus(signal?: AbortSignal) {
  return apiRequest('/api/account/password', { schema: passwordStatusSchema, signal });
}

export function setPassword(newPassword: string) {
  return apiRequest<void>('/api/account/password', { method: 'POST', body: { newPassword } });
}

export function listDocuments(signal?: AbortSignal) {
  return apiRequest('/api/business/documents', { schema: businessDocumentListSchema, signal });
}

export function deleteDocument(type: DocumentType) {
  return apiRequest<void>(`/api/business/documents/${encodeURIComponent(type)}`, { method: 'DELETE' });
}

export function submitRegistration(input: RegistrationInput) {
  return apiRequest('/api/business/registration', {
    method: 'POST',
    body: input,
    schema: registrationResultSchema,
  });
}

export type UploadHandle = ProgressUploadHandle<BusinessDocument>;

/** Uploads one document, reporting progress (the wizard shows it per file). */
export function uploadDocument(type: DocumentType, file: File, onProgress: (fraction: number) => void): UploadHandle {
  const body = new FormData();
  // The server reads `type` before the file, so it must come first in the body.
  body.append(UPLOAD_FIELDS.type, type);
  body.append(UPLOAD_FIELDS.file, file, file.name);
  return uploadWithProgress('/api/business/documents', body, businessDocumentSchema, onProgress);
}

/**
 * Sends the photo picked in the wizard; only possible once the registration has created the
 * business, so it runs right after it.
 */
