// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The public pages' header (landing, privacy, not found) shows a
 * signed-in user the way to their own area instead of "Sign in"; after deleting the
 * account the home page says it was done. Every public header also links the cart (to the
 * checkout, which shows it to everyone), ADR 098. (Here, beside the landing page's notice: shared
 * components never import a feature, eslint.config.js.)
 */
const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.resetModules();
  localStorage.setItem('i18nextLng', 'en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function stubSession(user: Record<string, unknown> | null) {
  const base = { id: 'u1', email: 'someone@example.test', name: 'Someone', emailVerified: true };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(user ? { session: { id: 's' }, user: { ...base, ...user } } : null), { status: 200 })),
  );
}

async function renderHeader() {
  // A fresh module graph per test: the session store is a module-level singleton.
  const { PublicHeader } = await import('@web/components/public-header');
  const { AccountDeletedNotice } = await import('./account-deleted-notice');
  await act(async () => {
    dom.root.render(
      <Suspense fallback={<p>loading</p>}>
        <PublicHeader />
        <AccountDeletedNotice />
      </Suspense>,
    );
  });
}

const navLinks = () => [...dom.container.querySelectorAll('nav a')].map((a) => [a.textContent, a.getAttribute('href')]);

describe('the public header', () => {
  it('offers "Sign in" to a visitor', async () => {
    stubSession(null);
    await renderHeader();
    await vi.waitFor(() => expect(navLinks()).toEqual([['Cart', '/checkout'], ['Sign in', '/auth']]));
  });

  it.each([
    [{ userType: 'consumer' }, ['My Regalo', '/app']],
    [{ userType: 'business', isBusiness: true }, ['Business dashboard', '/business/dashboard']],
    [{ userType: 'consumer', role: 'admin' }, ['Admin', '/admin']],
  ])('links a signed-in %o user to their area', async (user, link) => {
    stubSession(user);
    await renderHeader();
    await vi.waitFor(() => expect(navLinks()).toEqual([['Cart', '/checkout'], link]));
  });
});

describe('after deleting the account', () => {
  it('the home page says so once, focused, and drops the query', async () => {
    stubSession(null);
    window.history.replaceState(null, '', '/?account=deleted');
    await renderHeader();
    // The notice appears when its texts have loaded; focus and the cleaned address follow in
    // the effect after that commit, so the wait is on the whole end state, not on the element.
    await vi.waitFor(() => {
      const notice = dom.container.querySelector<HTMLElement>('[data-testid="account-deleted"]');
      expect(notice).not.toBeNull();
      expect(notice!.getAttribute('role')).toBe('status');
      expect(notice!.textContent).toContain('Your account has been deleted');
      expect(document.activeElement).toBe(notice);
      expect(window.location.search).toBe('');
    });
  });

  it('says nothing on an ordinary visit', async () => {
    stubSession(null);
    await renderHeader();
    await vi.waitFor(() => expect(navLinks()).toEqual([['Cart', '/checkout'], ['Sign in', '/auth']]));
    expect(dom.container.querySelector('[data-testid="account-deleted"]')).toBeNull();
  });
});
