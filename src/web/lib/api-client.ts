import { problemSchema, type Problem } from '@shared/problem';
import type { z } from 'zod';

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
  /** Validates the response against the shared contract. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Fetches a JSON API route with the session cookie; throws ApiError for any non-2xx. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal, headers = {} } = options;
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
    const parsed = problemSchema.safeParse(data);
    throw new ApiError(
      response.status,
      parsed.success
        ? parsed.data
        : { type: 'about:blank', title: response.statusText, status: response.status, code: codeFor(response.status) },
    );
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json();
  return schema ? schema.parse(data) : (data as T);
}

function codeFor(status: number) {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'service_unavailable';
  return 'internal_error';
}
