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
import { LOCALE_HEADER } from '@shared/contracts/auth';
import { problemSchema } from '@shared/problem';
import type { DocumentType } from '@shared/domain/business';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { currentLanguage } from '@web/lib/i18n';

const localeHeaders = () => ({ [LOCALE_HEADER]: currentLanguage() });

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

export interface UploadHandle {
  promise: Promise<BusinessDocument>;
  abort: () => void;
}

/**
 * Uploads one document with XMLHttpRequest rather than fetch: only XHR reports upload
 * progress, which the wizard shows per file. Failures become the same ApiError as
 * apiRequest's, so one error mapper serves both.
 */
export function uploadDocument(type: DocumentType, file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<BusinessDocument>((resolve, reject) => {
    const body = new FormData();
    // The server reads `type` before the file, so it must come first in the body.
    body.append(UPLOAD_FIELDS.type, type);
    body.append(UPLOAD_FIELDS.file, file, file.name);
    xhr.open('POST', '/api/business/documents');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(new ApiError(0, { type: 'about:blank', title: 'Network error', status: 0, code: 'network_error' }));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    xhr.onload = () => {
      const data: unknown = safeJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = businessDocumentSchema.safeParse(data);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(xhr.status, { type: 'about:blank', title: 'Bad response', status: xhr.status, code: 'internal_error' }));
        return;
      }
      const problem = problemSchema.safeParse(data);
      reject(
        new ApiError(
          xhr.status,
          problem.success
            ? problem.data
            : {
                type: 'about:blank',
                title: xhr.statusText,
                status: xhr.status,
                code: xhr.status === 413 ? 'file_too_large' : xhr.status === 401 ? 'unauthenticated' : 'internal_error',
              },
        ),
      );
    };
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
