// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RedirectIfSignedIn } from './redirect-if-signed-in';
import type { RequireAdmin } from './require-admin';

const dom = mountReactRootPerTest();

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
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
  const { RequireAdmin: Admin } = (await import('./require-admin')) as { RequireAdmin: typeof RequireAdmin };
  const { RedirectIfSignedIn: Redirect } = (await import('./redirect-if-signed-in')) as { RedirectIfSignedIn: typeof RedirectIfSignedIn };
  await act(async () => {
    dom.root.render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/admin"
            element={
              <Admin denied={<p>not found page</p>}>
                <p>back-office</p>
              </Admin>
            }
          />
          <Route
            path="/auth"
            element={
              <Redirect>
                <p>sign-in form</p>
              </Redirect>
            }
          />
          <Route path="*" element={<p>somewhere else</p>} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const user = { id: 'u1', email: 'ana@example.test', name: 'Ana', emailVerified: true };
const where = () => dom.container.querySelector('[data-testid="where"]')?.textContent;

describe('admin guard and role homes', () => {
  it.each([
    ['anonymous visitors', null],
    ['consumers', user],
    ['business owners', { ...user, isBusiness: true, userType: 'business' }],
  ])('shows the not-found page at /admin to %s', async (_label, session) => {
    stubSession(session);
    await renderAt('/admin');
    expect(dom.container.textContent).toContain('not found page');
    expect(dom.container.textContent).not.toContain('back-office');
    expect(where()).toBe('/admin');
  });

  it('shows the back-office to an admin', async () => {
    stubSession({ ...user, role: 'admin' });
    await renderAt('/admin');
    expect(dom.container.textContent).toContain('back-office');
  });

  it.each([
    [{ ...user, role: 'admin' }, '/admin'],
    [{ ...user, isBusiness: true, userType: 'business' }, '/business/dashboard'],
    [user, '/app'],
  ])('sends a signed-in visitor from /auth to their home', async (session, home) => {
    stubSession(session);
    await renderAt('/auth');
    expect(where()).toBe(home);
  });
});
