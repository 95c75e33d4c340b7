import { describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, SESSION_POLL_MS, cartStorageKey, createSessionStore, toSessionUser } from './session';

const rawUser = {
  id: 'u1',
  email: 'ana@example.test',
  name: 'Ana',
  emailVerified: true,
  phone: '+34600000000',
  userType: 'business',
  isBusiness: true,
  businessName: 'Horno Ana',
  role: 'user',
  locale: 'es',
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(responses: Array<Response | Error>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  const listeners = new Map<string, () => void>();
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: vi.fn((type: string, fn: () => void) => listeners.set(type, fn)),
    removeEventListener: vi.fn((type: string) => listeners.delete(type)),
  };
  const storage = { removeItem: vi.fn() };
  const legacyStorage = { removeItem: vi.fn() };
  const navigate = vi.fn();
  const intervals = new Set<number>();
  let nextHandle = 1;
  const store = createSessionStore({
    fetch: fetchMock as unknown as typeof fetch,
    navigate,
    storage: () => storage,
    legacyStorage: () => legacyStorage,
    document: () => doc as unknown as Document,
    setInterval: (_fn, ms) => {
      expect(ms).toBe(SESSION_POLL_MS);
      const handle = nextHandle++;
      intervals.add(handle);
      return handle;
    },
    clearInterval: (handle) => intervals.delete(handle as number),
  });
  return { store, fetchMock, doc, listeners, storage, legacyStorage, navigate, intervals };
}

async function settle(store: { refresh: () => Promise<void> }) {
  await store.refresh();
}

describe('toSessionUser', () => {
  it('keeps the shared SessionUser fields', () => {
    expect(toSessionUser(rawUser)).toEqual(rawUser);
  });
  it('fills defaults for a user without the additional fields', () => {
    expect(toSessionUser({ id: 'u2', email: 'b@example.test', name: 'B', emailVerified: true })).toEqual({
      id: 'u2',
      email: 'b@example.test',
      name: 'B',
      emailVerified: true,
      phone: null,
      userType: 'consumer',
      isBusiness: false,
      businessName: null,
      role: 'user',
      locale: 'en',
    });
  });
  it('rejects something that is not a user', () => {
    expect(toSessionUser(null)).toBeNull();
    expect(toSessionUser({ email: 'x@example.test' })).toBeNull();
  });
});

describe('session store', () => {
  it('starts loading and becomes authenticated after the first subscriber', async () => {
    const { store, fetchMock } = setup([json({ session: { id: 's' }, user: rawUser })]);
    expect(store.getSnapshot().status).toBe('loading');
    const listener = vi.fn();
    store.subscribe(listener);
    await settle(store);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/get-session');
    expect(store.getSnapshot()).toEqual({ status: 'authenticated', user: rawUser });
    expect(listener).toHaveBeenCalled();
  });

  it('is anonymous when the server has no session', async () => {
    const { store } = setup([json(null)]);
    store.subscribe(() => {});
    await settle(store);
    expect(store.getSnapshot()).toEqual({ status: 'anonymous', user: null });
  });

  it('keeps the same snapshot object when nothing changed', async () => {
    const { store } = setup([json({ user: rawUser }), json({ user: { ...rawUser } })]);
    store.subscribe(() => {});
    await settle(store);
    const first = store.getSnapshot();
    await store.refresh();
    expect(store.getSnapshot()).toBe(first);
  });

  it('does not sign the user out on a network error or a 503 after a session was known', async () => {
    const { store } = setup([json({ user: rawUser }), new TypeError('offline'), json({}, 503)]);
    store.subscribe(() => {});
    await settle(store);
    await store.refresh();
    expect(store.getSnapshot().status).toBe('authenticated');
    await store.refresh();
    expect(store.getSnapshot().status).toBe('authenticated');
  });

  it('shares one request between simultaneous refreshes', async () => {
    const { store, fetchMock } = setup([json({ user: rawUser })]);
    await Promise.all([store.refresh(), store.refresh(), store.refresh()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refreshes when the tab becomes visible and stops polling while hidden', async () => {
    const { store, fetchMock, doc, listeners, intervals } = setup([json({ user: rawUser }), json(null)]);
    const unsubscribe = store.subscribe(() => {});
    await settle(store);
    expect(intervals.size).toBe(1);

    doc.visibilityState = 'hidden';
    listeners.get('visibilitychange')!();
    expect(intervals.size).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    doc.visibilityState = 'visible';
    listeners.get('visibilitychange')!();
    await settle(store);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot().status).toBe('anonymous');
    expect(intervals.size).toBe(1);

    unsubscribe();
    expect(intervals.size).toBe(0);
    expect(listeners.has('visibilitychange')).toBe(false);
  });

  it('signs out on the server, clears the cart and goes home', async () => {
    const { store, fetchMock, storage, legacyStorage, navigate } = setup([json({ user: rawUser }), new Response(null, { status: 200 })]);
    store.subscribe(() => {});
    await settle(store);
    await store.signOut();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/auth/sign-out');
    expect(fetchMock.mock.calls[1]![1]?.method).toBe('POST');
    // The signed-in account's cart (localStorage, ADR 066) and the old tab-only one.
    expect(storage.removeItem).toHaveBeenCalledWith(cartStorageKey(rawUser.id));
    expect(legacyStorage.removeItem).toHaveBeenCalledWith(CART_STORAGE_KEY);
    expect(store.getSnapshot()).toEqual({ status: 'anonymous', user: null });
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('still clears local state when the sign-out request fails', async () => {
    const { store, storage, navigate } = setup([json({ user: rawUser }), new TypeError('offline')]);
    store.subscribe(() => {});
    await settle(store);
    await expect(store.signOut()).rejects.toThrow('offline');
    expect(storage.removeItem).toHaveBeenCalledWith(cartStorageKey(rawUser.id));
    expect(navigate).toHaveBeenCalledWith('/');
  });
});
