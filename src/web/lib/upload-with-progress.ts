import type { z } from 'zod';
import { asProblem } from './problem-body';
import { ApiError } from './api-client';

export interface UploadHandle<T> {
  promise: Promise<T>;
  abort: () => void;
}

/**
 * Sends a multipart form with XMLHttpRequest rather than fetch: only XHR reports upload
 * progress, which the wizard and the dashboard show per file. Failures become the same
 * ApiError as apiRequest's, so one error mapper serves both.
 */
export function uploadWithProgress<T>(
  url: string,
  body: FormData,
  /** The answer's contract, checked in development and tests only, as apiRequest's `schema` (ADR 039). */
  schema: z.ZodType<T> | (() => Promise<z.ZodType<T>>),
  onProgress: (fraction: number) => void,
  tooLargeCode = 'file_too_large',
): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open('POST', url);
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
        if (!(import.meta.env.DEV || import.meta.env.MODE === 'test')) return resolve(data as T);
        const badResponse = new ApiError(xhr.status, { type: 'about:blank', title: 'Bad response', status: xhr.status, code: 'internal_error' });
        void (typeof schema === 'function' ? schema() : Promise.resolve(schema)).then((contract) => {
          const parsed = contract.safeParse(data);
          if (parsed.success) resolve(parsed.data);
          else reject(badResponse);
        }, reject);
        return;
      }
      reject(
        new ApiError(
          xhr.status,
          asProblem(data) ?? {
            type: 'about:blank',
            title: xhr.statusText,
            status: xhr.status,
            code: xhr.status === 413 ? tooLargeCode : xhr.status === 401 ? 'unauthenticated' : 'internal_error',
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
