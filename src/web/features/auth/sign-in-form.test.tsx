// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const dom = mountReactRootPerTest();

const toast = { success: vi.fn(), error: vi.fn(), message: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() };
vi.mock('@web/components/ui/toast', () => ({ toast }));
vi.mock('../../components/ui/toast', () => ({ toast }));
const signInWithEmail = vi.fn();
vi.mock('../../lib/auth-client', async (original) => ({
  ...(await original<typeof import('../../lib/auth-client')>()),
  signInWithEmail: (...args: unknown[]) => signInWithEmail(...args) as Promise<unknown>,
}));
vi.mock('../../lib/session', async (original) => ({
  ...(await original<typeof import('../../lib/session')>()),
  refreshSession: vi.fn(async () => undefined),
}));

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockReset();
  signInWithEmail.mockReset();
  localStorage.setItem('i18nextLng', 'en');
});

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">signed in at {location.pathname + location.search}</p>;
}

async function render(path = '/auth') {
  const { SignInForm } = await import('./sign-in-form');
  await act(async () => {
    dom.root.render(
      <Suspense fallback={<p>loading</p>}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/auth" element={<SignInForm />} />
            <Route path="*" element={<Landed />} />
          </Routes>
        </MemoryRouter>
      </Suspense>,
    );
  });
  await vi.waitFor(() => expect(dom.container.querySelector('#sign-in-email')).not.toBeNull(), { timeout: 3000 });
}

function fill(selector: string, value: string) {
  const element = dom.container.querySelector<HTMLInputElement>(selector)!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    dom.container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

describe('sign-in form', { timeout: 20_000 }, () => {
  it('keeps a wrong password message next to the form, not only in a toast', async () => {
    const { AuthRequestError } = await import('../../lib/auth-client');
    signInWithEmail.mockRejectedValue(new AuthRequestError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'));
    await render();
    fill('#sign-in-email', 'lucia@example.test');
    fill('#sign-in-password', 'not-the-password');
    await submit();
    await vi.waitFor(() =>
      expect(dom.container.querySelector('[role="alert"]')?.textContent).toBe('The email or password is not correct.'),
    );
    expect(toast.error).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ id: 'auth-error' }));
  });

  it('clears the message and dismisses the error toast when the next attempt succeeds', async () => {
    const { AuthRequestError } = await import('../../lib/auth-client');
    signInWithEmail
      .mockRejectedValueOnce(new AuthRequestError(401, 'INVALID_EMAIL_OR_PASSWORD', 'x'))
      .mockResolvedValueOnce({ user: { id: 'u1', email: 'lucia@example.test', emailVerified: true } });
    await render();
    fill('#sign-in-email', 'lucia@example.test');
    fill('#sign-in-password', 'not-the-password');
    await submit();
    await vi.waitFor(() => expect(dom.container.querySelector('[role="alert"]')).not.toBeNull());
    fill('#sign-in-password', 'the-right-password');
    await submit();
    await vi.waitFor(() => expect(dom.container.textContent).toContain('signed in'));
    expect(toast.dismiss).toHaveBeenCalledWith('auth-error');
  });

  // ADR 067: "Send this gift" on a public gift page needs a session; signing in leads back.
  async function signInAt(path: string) {
    signInWithEmail.mockResolvedValue({ user: { id: 'u1', email: 'lucia@example.test', emailVerified: true } });
    await render(path);
    fill('#sign-in-email', 'lucia@example.test');
    fill('#sign-in-password', 'the-right-password');
    await submit();
    await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="landed"]')).not.toBeNull());
    return dom.container.querySelector('[data-testid="landed"]')!.textContent;
  }

  it('goes back to the page named by ?next= after signing in', async () => {
    expect(await signInAt(`/auth?next=${encodeURIComponent('/app?tab=businesses&business=b1')}`)).toBe('signed in at /app?tab=businesses&business=b1');
  });

  it.each(['//evil.example/app', 'https://evil.example/app', '/\\evil.example'])('goes home, not to %s (another site)', async (hostile) => {
    expect(await signInAt(`/auth?next=${encodeURIComponent(hostile)}`)).toBe('signed in at /app');
  });
});
