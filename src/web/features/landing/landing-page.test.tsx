// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The account-deleted notice loads its code only when the address asks for it (the landing
 * page's JavaScript budget, ADR 039); the page must still show it then, and only then.
 */
const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'en');
  vi.stubGlobal('fetch', vi.fn(async () => new Response('null', { status: 200 })));
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

async function renderLanding() {
  const { default: LandingPage } = await import('./landing-page');
  await act(async () => {
    dom.root.render(
      <Suspense fallback={<p>loading</p>}>
        <LandingPage />
      </Suspense>,
    );
  });
  await vi.waitFor(() => expect(dom.container.querySelector('#hero-title')).not.toBeNull());
}

const notice = () => dom.container.querySelector('[data-testid="account-deleted"]');

describe('the landing page after an account was deleted', () => {
  it('shows the notice when the address says so', async () => {
    window.history.replaceState(null, '', '/?account=deleted');
    await renderLanding();
    await vi.waitFor(() => expect(notice()?.textContent).toContain('Your account has been deleted'));
    // The notice takes the flag out of the address once it has shown.
    await vi.waitFor(() => expect(window.location.search).toBe(''));
  });

  it('shows nothing otherwise', async () => {
    await renderLanding();
    expect(notice()).toBeNull();
  });
});
