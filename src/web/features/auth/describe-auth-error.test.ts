// @vitest-environment happy-dom
import { authErrorCodes } from '@shared/contracts/auth';
import { describe, expect, it } from 'vitest';
import { AuthRequestError, toAuthRequestError } from '../../lib/auth-client';
import en from '@shared/locales/en/auth.json';
import es from '@shared/locales/es/auth.json';
import { describeAuthError } from './describe-auth-error';

const known = new Set(Object.keys(en.errors));
const hasText = (code: string) => known.has(code);

describe('auth error texts', () => {
  it('has an English and a Spanish text for every code the server can return', () => {
    for (const code of [...authErrorCodes, 'network_error', 'service_busy', 'unknown_error', 'unauthenticated', 'email_not_verified']) {
      expect(en.errors, code).toHaveProperty(code);
      expect(es.errors, code).toHaveProperty(code);
    }
  });

  it('titles a weak password and gives the reason', () => {
    for (const code of ['PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'PASSWORD_TOO_COMMON']) {
      expect(describeAuthError(new AuthRequestError(400, code, 'x'), hasText)).toEqual({
        titleKey: 'errors.weakPasswordTitle',
        descriptionKey: `errors.${code}`,
      });
    }
  });

  it('maps known codes to their text and unknown ones to the generic message', () => {
    expect(describeAuthError(new AuthRequestError(401, 'INVALID_EMAIL_OR_PASSWORD', 'x'), hasText).descriptionKey).toBe(
      'errors.INVALID_EMAIL_OR_PASSWORD',
    );
    expect(describeAuthError(new AuthRequestError(400, 'SOMETHING_NEW', 'x'), hasText).descriptionKey).toBe('errors.generic');
    expect(describeAuthError(new Error('boom'), hasText).descriptionKey).toBe('errors.generic');
    // A session that vanished is the spec's 'Auth session missing!'.
    expect(describeAuthError(new AuthRequestError(401, 'SOMETHING_NEW', 'x'), hasText).descriptionKey).toBe(
      'errors.unauthenticated',
    );
  });

  it('says how long to wait when rate limited', () => {
    expect(describeAuthError(new AuthRequestError(429, 'rate_limited', 'x', 42), hasText)).toEqual({
      titleKey: 'errors.title',
      descriptionKey: 'errors.rate_limited_seconds',
      values: { count: 42 },
    });
    expect(describeAuthError(new AuthRequestError(429, 'rate_limited', 'x'), hasText).descriptionKey).toBe('errors.rate_limited');
  });
});

describe('reading a failed response', () => {
  it('reads Better Auth codes', async () => {
    const error = await toAuthRequestError(
      new Response(JSON.stringify({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }), { status: 403 }),
    );
    expect([error.status, error.code]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
  });

  it('reads problem+json with Retry-After', async () => {
    const error = await toAuthRequestError(
      new Response(JSON.stringify({ type: 'about:blank', title: 'Too Many Requests', status: 429, code: 'rate_limited' }), {
        status: 429,
        headers: { 'retry-after': '30' },
      }),
    );
    expect([error.code, error.retryAfter]).toEqual(['rate_limited', 30]);
  });

  it('treats 502, 503 and 504 as a busy service whatever the body', async () => {
    for (const status of [502, 503, 504]) {
      expect((await toAuthRequestError(new Response('<html>', { status }))).code).toBe('service_busy');
    }
    expect((await toAuthRequestError(new Response('<html>', { status: 500 }))).code).toBe('unknown_error');
  });
});
