import type { Problem } from '@shared/problem';
import type { z } from 'zod';
import { asProblem } from './problem-body';

/** An API failure carrying the server's problem+json, so callers can translate `code`. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly problem: Problem,
  ) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
  }
  get code() {
    return this.problem.code;
  }
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * The response's shared contract, checked in development and tests only (ADR 039): the
   * server already encodes every answer through the same contract, so a production build
   * skips the check. `contract` loads it (`() => import(module).then((m) => m.x)`) so that
   * production never downloads zod for it; `schema` is for callers that import it anyway.
   */
  schema?: z.ZodType<T>;
  contract?: () => Promise<z.ZodType<T>>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Fetches a JSON API route with the session cookie; throws ApiError for any non-2xx. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<NoInfer<T>> {
  const { method = 'GET', body, schema, contract, signal, headers = {} } = options;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      signal,
      headers: {
        accept: 'application/json',
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, {
      type: 'about:blank',
      title: 'Network error',
      status: 0,
      code: 'network_error',
    });
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => null);
    throw new ApiError(
      response.status,
      asProblem(data) ?? { type: 'about:blank', title: response.statusText, status: response.status, code: codeFor(response.status) },
    );
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json();
  // Statically false in a production build, so the bundler drops the check and the loaders' imports never run.
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') {
    const checked = schema ?? (await contract?.());
    if (checked) return checked.parse(data);
  }
  return data as T;
}

function codeFor(status: number) {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'service_unavailable';
  return 'internal_error';
}
