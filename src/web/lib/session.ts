import { DEFAULT_LOCALE, isLocale } from '@shared/locale';
import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@shared/contracts/session';
import { SESSION_PATH } from '@shared/contracts/session-path';

/**
 * Who is signed in, as a tiny store over Better Auth's GET /api/auth/get-session.
 *
 * Deliberately plain `fetch` and no zod, TanStack Query or better-auth client: the landing
 * page reads this store (to send business users to /business/confirm) and must stay light.
 * The session itself lives in an HttpOnly cookie; this store only mirrors it.
 */

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

export interface UseSessionResult extends SessionState {
  /** Re-reads the session from the server (e.g. after signing in). */
  refresh: () => Promise<void>;
  /** Ends the session on the server, clears the cart and goes to the home page (or `redirectTo`). */
  signOut: (redirectTo?: string) => Promise<void>;
}

/** Prefix of the consumer cart's localStorage keys, one per account; emptied at sign-out (ADR 066). */
export const CART_STORAGE_KEY = 'regalo.cart';
/** Where the cart of account `userId` is kept (localStorage, ADR 066). */
export const cartStorageKey = (userId: string) => `${CART_STORAGE_KEY}:${userId}`;

/**
 * While the tab is visible the session is re-read now and then so an expired or revoked
 * session (e.g. a password reset elsewhere) shows up without a reload; hidden tabs do not poll.
 */
export const SESSION_POLL_MS = 5 * 60_000;

export interface SessionStoreDeps {
  fetch: typeof fetch;
  /** Full navigation after sign-out, so no cached data of the old user survives in memory. */
  navigate: (url: string) => void;
  /** localStorage, where each account's cart is kept. */
  storage: () => Pick<Storage, 'removeItem'> | null;
  /** sessionStorage, where the cart was kept before ADR 066. */
  legacyStorage: () => Pick<Storage, 'removeItem'> | null;
  document: () => Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> | null;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

const strOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Turns Better Auth's user object into the shared SessionUser, tolerating missing
 * additional fields (older rows, social sign-ins) instead of failing the whole app.
 */
export function toSessionUser(raw: unknown): SessionUser | null {
  if (!raw || typeof raw !== 'object') return null;
  const u = raw as Record<string, unknown>;
  if (typeof u.id !== 'string' || typeof u.email !== 'string') return null;
  const userType = u.userType === 'business' ? 'business' : 'consumer';
  return {
    id: u.id,
    email: u.email,
    name: typeof u.name === 'string' ? u.name : '',
    emailVerified: u.emailVerified === true,
    phone: strOrNull(u.phone),
    userType,
    isBusiness: u.isBusiness === true,
    businessName: strOrNull(u.businessName),
    role: u.role === 'admin' ? 'admin' : 'user',
    locale: isLocale(u.locale) ? u.locale : DEFAULT_LOCALE,
  };
}

export function createSessionStore(deps: SessionStoreDeps) {
  let state: SessionState = { status: 'loading', user: null };
  const listeners = new Set<() => void>();
  let inFlight: Promise<void> | null = null;
  let timer: unknown = null;

  const set = (next: SessionState) => {
    if (next.status === state.status && sameUser(next.user, state.user)) return;
    state = next;
    for (const listener of listeners) listener();
  };

  async function load(): Promise<void> {
    let response: Response;
    try {
      response = await deps.fetch(SESSION_PATH, {
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
        cache: 'no-store',
      });
    } catch {
      // Offline or server restarting: keep what we knew rather than signing the user out.
      if (state.status === 'loading') set({ status: 'anonymous', user: null });
      return;
    }
    if (response.status >= 500) {
      if (state.status === 'loading') set({ status: 'anonymous', user: null });
      return;
    }
    const body: unknown = response.ok ? await response.json().catch(() => null) : null;
    const user = body && typeof body === 'object' ? toSessionUser((body as { user?: unknown }).user) : null;
    set(user ? { status: 'authenticated', user } : { status: 'anonymous', user: null });
  }

  function refresh(): Promise<void> {
    inFlight ??= load().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  function startPolling() {
    if (timer === null) timer = deps.setInterval(() => void refresh(), SESSION_POLL_MS);
  }
  function stopPolling() {
    if (timer !== null) deps.clearInterval(timer);
    timer = null;
  }

  const onVisibilityChange = () => {
    const doc = deps.document();
    if (!doc) return;
    if (doc.visibilityState === 'visible') {
      void refresh();
      startPolling();
    } else {
      stopPolling();
    }
  };

  function subscribe(listener: () => void) {
    listeners.add(listener);
    if (listeners.size === 1) {
      const doc = deps.document();
      doc?.addEventListener('visibilitychange', onVisibilityChange);
      if (!doc || doc.visibilityState === 'visible') startPolling();
      if (state.status === 'loading') void refresh();
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        deps.document()?.removeEventListener('visibilitychange', onVisibilityChange);
        stopPolling();
      }
    };
  }

  async function signOut(redirectTo = '/'): Promise<void> {
    const userId = state.user?.id ?? null;
    try {
      await deps.fetch('/api/auth/sign-out', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: '{}',
      });
    } finally {
      // Even when the request fails the browser must not keep the cart or show the user.
      try {
        if (userId) deps.storage()?.removeItem(cartStorageKey(userId));
        // The tab-only cart kept before carts were per account (ADR 066).
        deps.legacyStorage()?.removeItem(CART_STORAGE_KEY);
      } catch {
        // Blocked storage holds no cart either.
      }
      set({ status: 'anonymous', user: null });
      deps.navigate(redirectTo);
    }
  }

  return {
    getSnapshot: () => state,
    subscribe,
    refresh,
    signOut,
  };
}

/** The browser's storage, or null where there is none or it is blocked (reading it can throw). */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

function sameUser(a: SessionUser | null, b: SessionUser | null) {
  if (a === b) return true;
  if (!a || !b) return false;
  return (Object.keys(a) as (keyof SessionUser)[]).every((key) => a[key] === b[key]);
}

const sessionStore = createSessionStore({
  fetch: (...args) => fetch(...args),
  navigate: (url) => window.location.assign(url),
  storage: () => browserStorage('localStorage'),
  legacyStorage: () => browserStorage('sessionStorage'),
  document: () => (typeof document === 'undefined' ? null : document),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
});

const loadingState: SessionState = { status: 'loading', user: null };

export const refreshSession = sessionStore.refresh;
export const signOut = sessionStore.signOut;

/** The current session; loads it on first use and keeps it fresh while the tab is visible. */
export function useSession(): UseSessionResult {
  const state = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, () => loadingState);
  return { ...state, refresh: sessionStore.refresh, signOut: sessionStore.signOut };
}
