import { LOCALES } from '../locale';
import { z } from 'zod';

/**
 * Contracts around Better Auth. The auth endpoints themselves are Better Auth's standard REST
 * paths under /api/auth; their failures are JSON `{ code, message }` with one of the codes
 * below (except `rate_limited` and `csrf_rejected`, which come as problem+json like every
 * other API error). How the web uses them:
 * - POST sign-up/email {name, email, password, phone?, locale, userType?, isBusiness?,
 *   businessName?, callbackURL?}: always answers 200 without a session (the address must be
 *   confirmed first, and a taken address is not revealed); the mail's link signs the user in
 *   and lands on callbackURL (default /app).
 * - POST sign-in/email {email, password}: 200 + cookie, or 401 INVALID_EMAIL_OR_PASSWORD,
 *   403 EMAIL_NOT_VERIFIED (offer POST send-verification-email {email, callbackURL}).
 * - POST sign-in/social {provider: 'google', callbackURL: '/app', errorCallbackURL: '/auth'}
 *   answers {url}: navigate there. Failures come back as /auth?error=<oauthErrorCodes>.
 * - POST request-password-reset {email, redirectTo: '<the web's reset page>'}: the mailed
 *   link lands on redirectTo?token=…; then POST reset-password {token, newPassword}.
 * - GET get-session (user with phone, userType, isBusiness, businessName, role, locale),
 *   POST sign-out.
 * Send LOCALE_HEADER (contracts/locale-header.ts) on every call so the mails come in the page's language.
 */

/** GET /api/auth-options: which sign-in methods this server offers. */
export const authOptionsSchema = z.object({ google: z.boolean() });
export type AuthOptions = z.infer<typeof authOptionsSchema>;

export const authLocales = LOCALES;
export type AuthLocale = (typeof authLocales)[number];

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** Extra fields the sign-up body accepts next to Better Auth's name/email/password. */
export const signUpExtraFieldsSchema = z.object({
  phone: z.string().max(32).nullish(),
  userType: z.enum(['consumer', 'business']).optional(),
  isBusiness: z.boolean().optional(),
  businessName: z.string().max(200).nullish(),
  locale: z.enum(authLocales).optional(),
});

/**
 * Every error code the auth endpoints of this server can answer with. The web translates
 * each one (and falls back to a generic message for anything else).
 */
export const authErrorCodes = [
  // Better Auth's own codes reachable with this configuration.
  'INVALID_EMAIL',
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_PASSWORD',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_ALREADY_VERIFIED',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'USER_NOT_FOUND',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'FAILED_TO_CREATE_USER',
  'FAILED_TO_CREATE_SESSION',
  'FAILED_TO_GET_SESSION',
  'CREDENTIAL_ACCOUNT_NOT_FOUND',
  'SESSION_EXPIRED',
  'PROVIDER_NOT_FOUND',
  'FAILED_TO_GET_USER_INFO',
  'USER_EMAIL_NOT_FOUND',
  'INVALID_ORIGIN',
  'INVALID_CALLBACK_URL',
  'INVALID_REDIRECT_URL',
  'INVALID_ERROR_CALLBACK_URL',
  'INVALID_NEW_USER_CALLBACK_URL',
  'MISSING_OR_NULL_ORIGIN',
  'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
  'FIELD_NOT_ALLOWED',
  'VALIDATION_ERROR',
  'MISSING_FIELD',
  'BODY_MUST_BE_AN_OBJECT',
  // Regalo's own additions.
  /** The password is on the list of common passwords (sign-up and reset). */
  'PASSWORD_TOO_COMMON',
  /** A sign-up field (phone, locale, userType, businessName) is not valid. */
  'INVALID_SIGN_UP_FIELD',
  /** problem+json: too many attempts; Retry-After says when to try again. */
  'rate_limited',
  /** problem+json: the request did not come from Regalo's own pages. */
  'csrf_rejected',
] as const;
export type AuthErrorCode = (typeof authErrorCodes)[number];

/**
 * When Google sign-in fails, the browser lands on /auth?error=<code> (or on the
 * `errorCallbackURL` the page passed) with one of these codes.
 */
export const oauthErrorCodes = [
  /** The user cancelled on Google's consent screen. */
  'access_denied',
  /** A password account with this address exists but its email was never confirmed. */
  'account_not_linked',
  'unable_to_link_account',
  'account_already_linked_to_different_user',
  'state_not_found',
  'state_mismatch',
  'please_restart_the_process',
  'invalid_callback_request',
  'no_code',
  'invalid_code',
  'oauth_provider_not_found',
  'unable_to_get_user_info',
  'email_not_found',
  'email_not_verified',
  'signup_disabled',
  'unable_to_create_user',
  'unable_to_create_session',
  'internal_server_error',
] as const;
export type OauthErrorCode = (typeof oauthErrorCodes)[number];

/**
 * Mailed links that fail land on their callback page with `?error=<code>`: the
 * verification link on its callbackURL (default /app), the reset link on the page given as
 * `redirectTo` when the reset was requested.
 */
export const linkErrorCodes = ['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND', 'INVALID_USER'] as const;

/**
 * Codes of problem+json answers the guards give on non-auth endpoints: 'unauthenticated'
 * (401, no session), 'email_not_verified' (403: signed in but the address is
 * unconfirmed; only reachable for sessions made before verification was required),
 * 'forbidden' (403, e.g. not an admin).
 */
export const guardErrorCodes = ['unauthenticated', 'email_not_verified', 'forbidden'] as const;
