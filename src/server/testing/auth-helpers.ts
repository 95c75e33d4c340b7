import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { SessionUser } from '@shared/contracts/session';
import { sessionUserSchema } from '@shared/contracts/session';
import { mailOutbox } from '../db/schema/mail-outbox';
import type { TestApp } from './test-app';

/**
 * Helpers for endpoint tests: accounts go through the real API (sign-up, the mailed
 * verification link, sign-in), so a test's user is exactly what a browser would create.
 */

export const TEST_PASSWORD = 'correct-horse-battery-staple';

/** The Origin a browser on Regalo's own pages sends (the CSRF check wants it). */
export function originOf(t: TestApp): string {
  return new URL(t.config.publicUrl).origin;
}

/** Joins the Set-Cookie headers of a response into a Cookie header value. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** `app.inject` with the session cookie and the right Origin. */
export function authedInject(t: TestApp, cookie: string | null, opts: InjectOptions): Promise<LightMyRequestResponse> {
  return t.app.inject({
    ...opts,
    headers: {
      origin: originOf(t),
      ...(cookie ? { cookie } : {}),
      ...(opts.headers ?? {}),
    },
  });
}

export interface SignUpInput {
  email: string;
  password: string;
  name: string;
  locale?: 'en' | 'es';
  phone?: string;
  userType?: 'consumer' | 'business';
  isBusiness?: boolean;
  businessName?: string;
  callbackURL?: string;
}

/** POST /api/auth/sign-up/email; throws unless it succeeds. */
export async function signUp(t: TestApp, input: SignUpInput): Promise<LightMyRequestResponse> {
  const res = await authedInject(t, null, {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: input.locale ? { 'x-regalo-locale': input.locale } : {},
    payload: input,
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return res;
}

/** The newest mail for `email` (flushing the outbox first), or throws. */
export async function latestMailTo(t: TestApp, email: string, template?: string) {
  await t.app.ctx.mail.flush();
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(template ? and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)) : eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** The first link to the API's own host in a mail's text. */
export function linkIn(text: string, publicUrl: string): URL {
  const match = text.match(/https?:\/\/\S+/g)?.find((u) => u.startsWith(publicUrl));
  if (!match) throw new Error(`no link in mail:\n${text}`);
  return new URL(match);
}

/**
 * Follows the verification link of the newest verification mail. Returns the response (a
 * redirect to the app) and the session cookie it set: only when `browserCookie` carries the
 * cookies of the sign-up's answer (the link signs in only the browser that signed up).
 */
export async function verifyEmailFromOutbox(t: TestApp, email: string, browserCookie?: string) {
  const mail = await latestMailTo(t, email, 'verify-email');
  const link = linkIn(mail.text, t.config.publicUrl);
  const res = await t.app.inject({
    method: 'GET',
    url: link.pathname + link.search,
    headers: browserCookie ? { cookie: browserCookie } : {},
  });
  if (res.statusCode !== 302) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
  return { response: res, cookie: cookieFrom(res), link };
}

/** POST /api/auth/sign-in/email; throws unless it succeeds. */
export async function signIn(
  t: TestApp,
  input: { email: string; password: string },
): Promise<{ cookie: string; user: SessionUser }> {
  const res = await authedInject(t, null, { method: 'POST', url: '/api/auth/sign-in/email', payload: input });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { user: Record<string, unknown> };
  const user = sessionUserSchema.parse({ ...body.user, phone: body.user.phone ?? null, businessName: body.user.businessName ?? null });
  return { cookie: cookieFrom(res), user };
}

/** A verified, signed-in user made through the real API. Overrides go to the sign-up body. */
export async function createSignedInUser(
  t: TestApp,
  overrides: Partial<SignUpInput> = {},
): Promise<{ cookie: string; user: SessionUser; password: string }> {
  const password = overrides.password ?? TEST_PASSWORD;
  const email = (overrides.email ?? `user-${randomUUID().slice(0, 8)}@example.test`).toLowerCase();
  const signedUp = await signUp(t, { name: 'Test User', ...overrides, email, password });
  // Confirmed in the browser that signed up, as a person would (that signs it in too).
  await verifyEmailFromOutbox(t, email, cookieFrom(signedUp));
  const { cookie, user } = await signIn(t, { email, password });
  return { cookie, user, password };
}
