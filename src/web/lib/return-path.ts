import { useSearchParams } from 'react-router';
import { areaPaths } from './home-path';

/**
 * Where a visitor goes back to after signing in or up (ADR 067): a visitor who presses "Send
 * this gift" on a public gift page and has to sign in first lands on that gift's business in
 * the app, not on a generic page. The page that needs a session sends them to
 * `/auth?next=<path>`; the sign-in form, the verification link (sign-up's `callbackURL`) and
 * Google's return all go to that path.
 *
 * The parameter is the visitor's to edit, so it is an open redirect unless it is checked:
 * only a path on this site is followed, never an address with a scheme or host of its own
 * (`https://…`, `//host`, `/\host` — browsers read a backslash as a slash — or a path with
 * a tab or newline, which URL parsers drop), and never the sign-in pages themselves or the
 * API.
 */
export const RETURN_PARAM = 'next';

const BASE = 'https://regalo.invalid';

export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // Control characters (tab, newline) are removed by URL parsing: "/\t/host" would become "//host".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (/^\/(auth|api)(\/|$)/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The sign-in page for a visitor who opened `location` without a session. An area's own home
 * (`/app`, `/business/dashboard`, `/admin` with nothing after it) is where signing in leads
 * anyway, so it is not named.
 */
export function signInPathFor(location: { pathname: string; search: string }): string {
  const here = `${location.pathname}${location.search}`;
  const isAreaHome = location.search === '' && (Object.values(areaPaths) as string[]).includes(location.pathname);
  const next = isAreaHome ? null : safeReturnPath(here);
  return next ? `/auth?${new URLSearchParams({ [RETURN_PARAM]: next }).toString()}` : '/auth';
}

/** The checked return path of the current page's `?next=`, or null. */
export function useReturnPath(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get(RETURN_PARAM));
}
