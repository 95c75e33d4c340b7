import { eq } from 'drizzle-orm';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, createEmailVerificationToken } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import { authLocales, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@shared/contracts/auth';
import { LOCALE_HEADER } from '@shared/contracts/locale-header';
import { asSingleLine, isSingleLineText } from '@shared/contracts/plain-text';
import { normalizePhone } from '@shared/contracts/profile';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/database-unavailable';
import { accounts, sessions, users, verifications } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';
import { languageFromAcceptLanguage } from '../page-language';
import { isLocale, type Locale } from '@shared/locale';
import { isCommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from './password';
import { replaceUnconfirmedSignUp } from './replace-unconfirmed-sign-up';
import { markConfirmed } from './sign-up-browser';
import { clampSessionExpiry, SESSION_IDLE_SECONDS, SESSION_REFRESH_SECONDS } from './session-lifetime';

const DAY = 24 * 60 * 60;
/**
 * Sessions slide: a session ends 30 days after it was last used, and its expiry moves
 * forward at most once a day (so a busy user does not write a row per request) — but never
 * past 90 days after sign-in (session-lifetime.ts).
 */
export const SESSION_EXPIRES_IN = SESSION_IDLE_SECONDS;
export const SESSION_UPDATE_AGE = SESSION_REFRESH_SECONDS;
const RESET_TOKEN_EXPIRES_IN = 60 * 60;
const VERIFY_TOKEN_EXPIRES_IN = DAY;

/**
 * The mails sign-up, confirmation and password reset need. Their wording is the mail
 * module's (src/server/mail, ADR 102), which an adapter does not import: the server hands
 * `createAuth` the function that queues them (`features/auth/queue-auth-mail.ts`).
 */
export type AuthMail =
  | { template: 'account-exists'; data: { name: string; signInUrl: string } }
  | { template: 'verify-email'; data: { url: string } }
  | { template: 'reset-password'; data: { url: string } };
export type QueueAuthMail = (db: Database, mail: AuthMail & { to: string; locale: Locale }) => Promise<unknown>;

interface AuthDeps {
  config: Config;
  db: Database;
  queueMail: QueueAuthMail;
}

const toMailLocale = (value: unknown): Locale | undefined => (isLocale(value) ? value : undefined);

function fail(code: string, message: string): never {
  throw APIError.from('BAD_REQUEST', { code, message });
}

/** The language of the page that made the request, else the user's stored one. */
function mailLocaleFor(request: Request | undefined, user: { locale?: unknown }): Locale {
  return toMailLocale(request?.headers.get(LOCALE_HEADER)) ?? toMailLocale(user.locale) ?? 'en';
}

/**
 * The language of a new account: the sign-up body's `locale`, else the page's header, else
 * the first of the browser's languages we speak, negotiated by the locale module (a Google
 * sign-up arrives as a plain navigation; `ca-ES` is Valencian), else en.
 */
function localeForNewUser(data: Record<string, unknown>, headers: Headers | undefined): Locale {
  const fromBody = toMailLocale(data.locale);
  if (fromBody) return fromBody;
  const fromHeader = toMailLocale(headers?.get(LOCALE_HEADER));
  if (fromHeader) return fromHeader;
  return languageFromAcceptLanguage(headers?.get('accept-language') ?? undefined) ?? 'en';
}

/**
 * Where a verification link lands: the app, marked `verified=1`. The first click in the
 * browser that signed up signs the person in (features/auth/routes.ts, sign-up-browser.ts);
 * a click anywhere else, or a second click, arrives with no session, and the marker lets the
 * sign-in page say "your email is confirmed, sign in" instead of showing the form as if
 * nothing had happened.
 */
export const VERIFIED_CALLBACK = '/app?verified=1';

function withAppCallback(url: string): string {
  const parsed = new URL(url);
  const callback = parsed.searchParams.get('callbackURL');
  if (!callback || callback === '/' || callback === '/app') parsed.searchParams.set('callbackURL', VERIFIED_CALLBACK);
  return parsed.toString();
}

/**
 * Applies the sign-up rules to the user fields Better Auth is about to write. A name typed
 * in a form must be 1-100 characters; a name from Google is shortened or, when missing,
 * taken from the address instead, so a Google sign-up never fails on it.
 */
function normaliseUserFields(data: Record<string, unknown>, fromForm = true): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  if ('phone' in data) {
    const phone = normalizePhone(typeof data.phone === 'string' ? data.phone : null);
    if (phone === undefined) fail('INVALID_SIGN_UP_FIELD', 'phone');
    out.phone = phone;
  }
  if ('locale' in data && data.locale != null && !authLocales.includes(data.locale as never)) {
    fail('INVALID_SIGN_UP_FIELD', 'locale');
  }
  if ('businessName' in data) {
    const name = typeof data.businessName === 'string' ? data.businessName.trim() : '';
    if (name.length > 200 || !isSingleLineText(name)) fail('INVALID_SIGN_UP_FIELD', 'businessName');
    out.businessName = name === '' ? null : name;
  }
  if ('userType' in data || 'isBusiness' in data) {
    if (data.userType != null && data.userType !== 'consumer' && data.userType !== 'business') {
      fail('INVALID_SIGN_UP_FIELD', 'userType');
    }
    // The specification marks business users either way; keep both flags in agreement.
    const isBusiness = data.isBusiness === true || data.userType === 'business';
    out.isBusiness = isBusiness;
    out.userType = isBusiness ? 'business' : 'consumer';
  }
  if (typeof data.name === 'string' || (!fromForm && 'email' in data)) {
    let name = typeof data.name === 'string' ? data.name.trim() : '';
    if (!fromForm) {
      // A name from Google's profile is taken as one plain line rather than refused.
      name = asSingleLine(name);
      if (name === '') name = String(data.email ?? '').split('@')[0] ?? '';
      name = name.slice(0, 100);
    }
    // The name is written into mails: one line, no control characters (contracts/plain-text.ts).
    if (name.length === 0 || name.length > 100 || !isSingleLineText(name)) fail('INVALID_SIGN_UP_FIELD', 'name');
    out.name = name;
  }
  return out;
}

export function createAuth({ config, db, queueMail }: AuthDeps) {
  const google = config.google;
  const useGenericGoogle = Boolean(google?.authorizationUrl && google.tokenUrl && google.userInfoUrl);

  const options = {
    appName: 'Regalo',
    // Never report usage anywhere.
    telemetry: { enabled: false },
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications },
    }),
    user: {
      modelName: 'users',
      additionalFields: {
        phone: { type: 'string', required: false, input: true },
        userType: { type: 'string', required: false, defaultValue: 'consumer', input: true },
        isBusiness: { type: 'boolean', required: false, defaultValue: false, input: true },
        businessName: { type: 'string', required: false, input: true },
        // No default here: the create hook picks the page's language when the body has none.
        locale: { type: 'string', required: false, input: true },
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_EXPIRES_IN,
      updateAge: SESSION_UPDATE_AGE,
    },
    account: {
      modelName: 'accounts',
      // Google sign-in with the same verified address joins the existing account.
      accountLinking: { enabled: true, trustedProviders: ['google'] },
    },
    verification: { modelName: 'verifications' },
    // OAuth failures land on the sign-in page with `?error=<code>` (see oauthErrorCodes).
    onAPIError: {
      errorURL: '/auth',
      // Better Auth answers any other failure 500 with no body; a database that is away is
      // passed on to the app's error handler instead, which answers 503 database_unavailable.
      onError: (error) => {
        if (isDatabaseUnavailable(error)) throw error;
      },
    },
    // Regalo limits per IP and per email itself (platform/rate-limit.ts), before Better Auth.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: ['x-regalo-client-ip'] },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(password, hash),
      },
      resetPasswordTokenExpiresIn: RESET_TOKEN_EXPIRES_IN,
      revokeSessionsOnPasswordReset: true,
      // Sign-up answers the same whether or not the address is taken (no account
      // enumeration); the owner of the address learns what happened by mail instead. An
      // unconfirmed account has by now taken the new sign-up's password (hooks.before).
      onExistingUserSignUp: async ({ user }, request) => {
        const locale = mailLocaleFor(request, user as { locale?: unknown });
        if (user.emailVerified) {
          await queueMail(db, {
            to: user.email,
            template: 'account-exists',
            locale,
            data: { name: user.name, signInUrl: `${config.publicUrl}/auth` },
          });
          return;
        }
        // An unconfirmed account: a link for the password this sign-up has just set.
        const token = await createEmailVerificationToken(config.authSecret, user.email, undefined, VERIFY_TOKEN_EXPIRES_IN);
        await queueMail(db, {
          to: user.email,
          template: 'verify-email',
          locale,
          data: { url: `${config.publicUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(VERIFIED_CALLBACK)}` },
        });
      },
      sendResetPassword: async ({ user, url }, request) => {
        await queueMail(db, {
          to: user.email,
          template: 'reset-password',
          locale: mailLocaleFor(request, user as { locale?: unknown }),
          data: { url },
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Not Better Auth's: it signs in whichever browser opens the link (login CSRF). The
      // route signs in only the browser that signed up (sign-up-browser.ts).
      autoSignInAfterVerification: false,
      // Purchases made as a guest with the address stay where they are: proving an address is
      // not holding a purchase's link (someone may have signed up with a stranger's address and
      // had them click the confirmation). The link's "Add to my account" moves one (ADR 075).
      afterEmailVerification: async (user, request) => markConfirmed(request, user),
      expiresIn: VERIFY_TOKEN_EXPIRES_IN,
      sendVerificationEmail: async ({ user, url }, request) => {
        await queueMail(db, {
          to: user.email,
          template: 'verify-email',
          locale: mailLocaleFor(request, user as { locale?: unknown }),
          data: { url: withAppCallback(url) },
        });
      },
    },
    socialProviders:
      google && !useGenericGoogle
        ? {
            google: {
              clientId: google.clientId,
              clientSecret: google.clientSecret,
              prompt: 'select_account',
              mapProfileToUser: () => ({ userType: 'consumer', isBusiness: false }),
            },
          }
        : {},
    plugins:
      google && useGenericGoogle
        ? [
            // A stand-in for Google with explicit endpoints (tests run a local OpenID server).
            // No discoveryUrl: it would be fetched at start-up and fail when that server is down.
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  authorizationUrl: google.authorizationUrl,
                  tokenUrl: google.tokenUrl,
                  userInfoUrl: google.userInfoUrl,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  accountSubject: ({ profile }) => String(profile.sub ?? profile.id ?? ''),
                  mapProfileToUser: (profile) => ({
                    email: typeof profile.email === 'string' ? profile.email : undefined,
                    name: typeof profile.name === 'string' ? profile.name : '',
                    // Google only hands out addresses it has verified.
                    emailVerified: true,
                    userType: 'consumer',
                    isBusiness: false,
                  }),
                },
              ],
            }),
          ]
        : [],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const password =
          ctx.path === '/sign-up/email'
            ? body.password
            : ctx.path === '/reset-password'
              ? body.newPassword
              : undefined;
        if (typeof password === 'string' && isCommonPassword(password)) {
          fail('PASSWORD_TOO_COMMON', 'This password is too common; choose another one');
        }
        // The field rules run here too, before Better Auth looks the address up: in the
        // user-create hook alone they applied to new addresses only, so a bad phone number
        // was refused for a free address and accepted for a taken one (ADR 035).
        if (ctx.path === '/sign-up/email') {
          const fields = normaliseUserFields(body);
          // The address's owner may be the one signing up now: a password set by an earlier,
          // unconfirmed sign-up must not be the one their confirmation activates.
          // Lengths first: Better Auth refuses a bad one only after this hook has run.
          if (
            typeof body.email === 'string' &&
            typeof password === 'string' &&
            password.length >= MIN_PASSWORD_LENGTH &&
            password.length <= MAX_PASSWORD_LENGTH
          ) {
            await replaceUnconfirmedSignUp(db, body.email, password, fields);
          }
        }
      }),
    },
    databaseHooks: {
      session: {
        update: {
          // Better Auth slides the expiry when it refreshes a session; it has already loaded
          // that session into ctx.context.session, whose createdAt bounds the slide.
          before: async (data, ctx) => {
            const current = (ctx?.context as { session?: { session?: { createdAt?: Date | string } } } | undefined)
              ?.session?.session;
            const expiresAt = (data as { expiresAt?: Date }).expiresAt;
            if (!expiresAt || !current?.createdAt) return { data };
            return { data: { ...data, expiresAt: clampSessionExpiry(new Date(expiresAt), new Date(current.createdAt)) } };
          },
        },
      },
      user: {
        create: {
          before: async (user, ctx) => {
            const fromForm = !ctx?.path || ctx.path.startsWith('/sign-up');
            const data = normaliseUserFields(user as Record<string, unknown>, fromForm);
            data.locale = localeForNewUser(data, ctx?.headers ?? ctx?.request?.headers);
            return { data: data as typeof user };
          },
          after: async (user) => {
            const u = user as typeof user & { phone?: string | null };
            // Spec §3: every user has a profile, created from the sign-up metadata.
            await db
              .insert(profiles)
              .values({ userId: u.id, email: u.email, fullName: u.name, phone: u.phone ?? null })
              .onConflictDoNothing();
          },
        },
        update: {
          before: async (data) => ({ data: normaliseUserFields(data as Record<string, unknown>) as typeof data }),
          // Name and phone changed through update-user show on the profile as well.
          after: async (user) => {
            const u = user as typeof user & { phone?: string | null };
            await db
              .update(profiles)
              .set({ fullName: u.name, phone: u.phone ?? null })
              .where(eq(profiles.userId, u.id));
          },
        },
      },
    },
  } satisfies BetterAuthOptions;

  return betterAuth(options);
}

export type Auth = ReturnType<typeof createAuth>;
