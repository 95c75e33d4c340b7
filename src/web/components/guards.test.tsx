// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RedirectIfSignedIn } from './redirect-if-signed-in';
import type { RequireSession } from './require-session';

const dom = mountReactRootPerTest();

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function stubSession(user: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(user ? { session: { id: 's' }, user } : null), { status: 200 })),
  );
}

async function renderAt(path: string) {
  // A fresh module graph per test: the session store is a module-level singleton.
  const { RequireSession: Require } = (await import('./require-session')) as { RequireSession: typeof RequireSession };
  const { RedirectIfSignedIn: Redirect } = (await import('./redirect-if-signed-in')) as {
    RedirectIfSignedIn: typeof RedirectIfSignedIn;
  };
  await act(async () => {
    dom.root.render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/"
            element={
<p>landing page</p>
            }
          />
          <Route
            path="/app"
            element={
              <Require>
                <p>private area</p>
              </Require>
            }
          />
          <Route
            path="/auth"
            element={
              <Redirect>
                <p>sign-in form</p>
                <Where />
              </Redirect>
            }
          />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
  });
  // Let the session request resolve and the redirect render.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const user = { id: 'u1', email: 'ana@example.test', name: 'Ana', emailVerified: true };

describe('route guards', () => {
  it('sends an anonymous visitor from /app to /auth, keeping a verification error', async () => {
    stubSession(null);
    await renderAt('/app?error=TOKEN_EXPIRED');
    expect(dom.container.textContent).not.toContain('private area');
    expect(dom.container.textContent).toContain('sign-in form');
    expect(dom.container.querySelector('[data-testid="where"]')?.textContent).toBe('/auth?error=TOKEN_EXPIRED');
  });

  it('sends a reused verification link (verified=1, no session) to /auth with a notice', async () => {
    stubSession(null);
    await renderAt('/app?verified=1');
    expect(dom.container.querySelector('[data-testid="where"]')?.textContent).toBe('/auth?notice=email_verified');
  });

  it('hands on how many guest purchases the confirmation found, and only a plain count', async () => {
    stubSession(null);
    await renderAt('/app?verified=1&found=2');
    expect(dom.container.querySelector('[data-testid="where"]')?.textContent).toBe('/auth?notice=email_verified&found=2');
  });

  it('hands on no count that is not a plain number', async () => {
    stubSession(null);
    await renderAt('/app?verified=1&found=2%26next%3D%2F%2Fevil');
    expect(dom.container.querySelector('[data-testid="where"]')?.textContent).toBe('/auth?notice=email_verified');
  });

  it('names the page an anonymous visitor came for, so signing in leads back to it', async () => {
    stubSession(null);
    await renderAt('/app?tab=businesses&business=b1');
    expect(dom.container.textContent).toContain('sign-in form');
    expect(dom.container.querySelector('[data-testid="where"]')?.textContent).toBe('/auth?next=%2Fapp%3Ftab%3Dbusinesses%26business%3Db1');
  });

  it("does not name the area's own home, where signing in leads anyway", async () => {
    stubSession(null);
    await renderAt('/app');
    expect(dom.container.querySelector('[data-testid="where"]')?.textContent).toBe('/auth');
  });

  it('sends a signed-in visitor from /auth?next= to that page, never to another site', async () => {
    stubSession(user);
    await renderAt(`/auth?next=${encodeURIComponent('/app?tab=businesses&business=b1')}`);
    expect(dom.container.textContent).toContain('private area');
    expect(dom.container.querySelector('[data-testid="where"]')?.textContent).toBe('/app?tab=businesses&business=b1');
  });

  it('shows /app to a signed-in visitor', async () => {
    stubSession(user);
    await renderAt('/app');
    expect(dom.container.textContent).toContain('private area');
  });

  it('sends a signed-in visitor from /auth to /app', async () => {
    stubSession(user);
    await renderAt('/auth');
    expect(dom.container.textContent).toContain('private area');
    expect(dom.container.textContent).not.toContain('sign-in form');
  });

  it('leaves an anonymous visitor on /auth', async () => {
    stubSession(null);
    await renderAt('/auth');
    expect(dom.container.textContent).toContain('sign-in form');
  });
});
