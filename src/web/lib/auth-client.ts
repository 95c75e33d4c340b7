import type { AuthOptions } from '@shared/contracts/auth';
import { LOCALE_HEADER } from '@shared/contracts/locale-header';
import { getLanguage } from './language';

/**
 * Calls to Better Auth's REST endpoints under /api/auth with plain fetch. We do not use
 * better-auth's own client: its store and plugins add weight for the few calls these pages
 * make, and every call here is one request with one JSON answer.
 */

/** Codes the web adds for failures that never reached the auth service. */
export type ClientErrorCode = 'network_error' | 'service_busy' | 'unknown_error';

/** A failed auth request, with Better Auth's `code` (or the problem+json `code`). */
export class AuthRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    /** Seconds to wait, from Retry-After, on 429. */
    public readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'AuthRequestError';
  }
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Reads an error answer of Better Auth (`{code,message}`) or of our API (problem+json). */
export async function toAuthRequestError(response: Response): Promise<AuthRequestError> {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  if ([502, 503, 504].includes(response.status)) {
    return new AuthRequestError(response.status, 'service_busy', response.statusText, retryAfter);
  }
  const body: unknown = await response.json().catch(() => null);
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  let code = typeof record.code === 'string' && record.code !== '' ? record.code : null;
  if (!code && response.status === 429) code = 'rate_limited';
  const message =
    typeof record.message === 'string' ? record.message : typeof record.detail === 'string' ? record.detail : response.statusText;
  return new AuthRequestError(response.status, code ?? 'unknown_error', message, retryAfter);
}

async function authFetch<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        [LOCALE_HEADER]: getLanguage(),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new AuthRequestError(0, 'network_error', 'Network error');
  }
  if (!response.ok) throw await toAuthRequestError(response);
  return (await response.json().catch(() => null)) as T;
}

/** Where a verified or signed-in consumer lands. */
export const AFTER_SIGN_IN_PATH = '/app';
export const RESET_PASSWORD_PATH = '/auth/reset-password';

export function signInWithEmail(input: { email: string; password: string }) {
  return authFetch<{ user: unknown }>('/api/auth/sign-in/email', {
    body: { ...input, callbackURL: AFTER_SIGN_IN_PATH },
  });
}

/** `returnPath`: a checked same-site path (`lib/return-path.ts`) the confirmation link leads to. */
export function signUpWithEmail(input: { name: string; email: string; password: string; phone: string | null }, returnPath?: string | null) {
  return authFetch<{ user: unknown }>('/api/auth/sign-up/email', {
    body: {
      name: input.name,
      email: input.email,
      password: input.password,
      ...(input.phone ? { phone: input.phone } : {}),
      // The address is confirmed in the language the visitor is reading now.
      locale: getLanguage(),
      callbackURL: returnPath ?? AFTER_SIGN_IN_PATH,
    },
  });
}

export function sendVerificationEmail(email: string, returnPath?: string | null) {
  return authFetch<{ status: boolean }>('/api/auth/send-verification-email', {
    body: { email, callbackURL: returnPath ?? AFTER_SIGN_IN_PATH },
  });
}

export function requestPasswordReset(email: string) {
  return authFetch<{ status: boolean }>('/api/auth/request-password-reset', {
    body: { email, redirectTo: RESET_PASSWORD_PATH },
  });
}

export function resetPassword(input: { token: string; newPassword: string }) {
  return authFetch<{ status: boolean }>('/api/auth/reset-password', { body: input });
}

/**
 * Starts Google sign-in: the server answers with the provider's authorization URL and the
 * browser goes there; Google (or the local test server playing it) comes back to /app.
 */
export async function startGoogleSignIn(returnPath?: string | null): Promise<void> {
  const target = { callbackURL: returnPath ?? AFTER_SIGN_IN_PATH, errorCallbackURL: '/auth' };
  let url: string | undefined;
  try {
    ({ url } = await authFetch<{ url?: string }>('/api/auth/sign-in/social', { body: { provider: 'google', ...target } }));
  } catch (error) {
    // A server whose "Google" is a configured OpenID provider (generic OAuth) may only
    // know it under the generic sign-in path.
    if (!(error instanceof AuthRequestError) || error.code !== 'PROVIDER_NOT_FOUND') throw error;
    ({ url } = await authFetch<{ url?: string }>('/api/auth/sign-in/oauth2', { body: { providerId: 'google', ...target } }));
  }
  if (!url) throw new AuthRequestError(500, 'unknown_error', 'No authorization URL');
  window.location.assign(url);
}

export async function getAuthOptions(): Promise<AuthOptions> {
  const data = await authFetch<Partial<AuthOptions> | null>('/api/auth-options', { method: 'GET' });
  return { google: data?.google === true };
}
