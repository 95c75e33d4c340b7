// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The app's public pages' header (privacy, sign-in, not found) shows a signed-in user the way
 * to their own area instead of "Sign in", and links the cart (to the checkout, which shows it
 * to everyone), ADR 098. (The landing page's header is the server's, platform/public-page.ts.)
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
  await act(async () => {
    dom.root.render(
      <Suspense fallback={<p>loading</p>}>
        <PublicHeader />
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
