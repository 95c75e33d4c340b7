// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, StrictMode, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const dom = mountReactRootPerTest();

let fetchMock: ReturnType<typeof vi.fn>;

type Answer = { status: number; body: unknown };

/** Stubs fetch: the session endpoint answers "nobody", the API routes answer from `answers`. */
function stubApi(answers: Record<string, Answer>) {
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const answer = answers[url] ?? (url.includes('/api/auth/get-session') ? { status: 200, body: null } : undefined);
    if (!answer) return new Response('{}', { status: 404 });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': answer.status >= 400 ? 'application/problem+json' : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
}

const problem = (status: number, code: string) => ({ status, body: { type: 'about:blank', title: code, status, code } });
const confirmCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/business/interest/confirm');

beforeEach(() => {
  vi.resetModules();
  localStorage.setItem('i18nextLng', 'en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderAt(path: string) {
  // A fresh module graph per test: the page keeps one request per token in module state.
  const { default: ConfirmPage } = await import('./confirm-page');
  await act(async () => {
    dom.root.render(
      <StrictMode>
        <Suspense fallback={<p>suspended</p>}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/confirm" element={<ConfirmPage />} />
            </Routes>
          </MemoryRouter>
        </Suspense>
      </StrictMode>,
    );
  });
}

async function waitForText(text: string) {
  await vi.waitFor(() => expect(dom.container.textContent).toContain(text), { timeout: 3000 });
}

const link = (name: string) =>
  [...dom.container.querySelectorAll('a')].find((anchor) => anchor.textContent?.includes(name))?.getAttribute('href');

describe('/confirm', () => {
  it('confirms a business token once even though StrictMode runs the effect twice', async () => {
    stubApi({
      '/api/business/interest/confirm': {
        status: 200,
        body: { status: 'confirmed', alreadyConfirmed: false, type: 'business', signedIn: true },
      },
    });
    await renderAt('/confirm?token=abc123&type=business');
    await waitForText('Email Confirmed!');
    expect(dom.container.textContent).toContain('Your business email has been verified successfully.');
    expect(confirmCalls()).toHaveLength(1);
    expect(JSON.parse(String((confirmCalls()[0]![1] as RequestInit).body))).toEqual({ token: 'abc123', type: 'business' });
    expect(link('Continue registration')).toBe('/business/signup');
  });

  it('tells someone reusing a confirmed link in a browser without a session to sign in, not to continue', async () => {
    stubApi({
      '/api/business/interest/confirm': {
        status: 200,
        body: { status: 'confirmed', alreadyConfirmed: true, type: 'business', signedIn: false },
      },
    });
    await renderAt('/confirm?token=used&type=business');
    await waitForText('Your email is already confirmed');
    expect(dom.container.textContent).toContain('Sign in with your email and password (or Google) to continue your business registration.');
    expect(dom.container.textContent).not.toContain('Continue registration');
    expect(link('Sign in to continue')).toBe('/auth');
  });

  it('tells someone who opened a fresh link in another browser that it confirmed but did not sign in', async () => {
    stubApi({
      '/api/business/interest/confirm': {
        status: 200,
        body: { status: 'confirmed', alreadyConfirmed: false, type: 'business', signedIn: false },
      },
    });
    await renderAt('/confirm?token=fresh&type=business');
    await waitForText('Your email is confirmed');
    expect(dom.container.textContent).toContain('signs in only the browser where you registered');
    expect(dom.container.textContent).not.toContain('Continue registration');
    expect(link('Sign in to continue')).toBe('/auth');
  });

  it('lets the same browser, still signed in, continue after reusing its link', async () => {
    stubApi({
      '/api/business/interest/confirm': {
        status: 200,
        body: { status: 'confirmed', alreadyConfirmed: true, type: 'business', signedIn: false },
      },
      '/api/auth/get-session': {
        status: 200,
        body: { session: { id: 's1' }, user: { id: 'u1', email: 'owner@example.test', emailVerified: true, userType: 'business' } },
      },
    });
    await renderAt('/confirm?token=used&type=business');
    await waitForText('Email Confirmed!');
    expect(link('Continue registration')).toBe('/business/signup');
  });

  it('shows the error without asking the server when the link has no token', async () => {
    stubApi({});
    await renderAt('/confirm');
    await waitForText('Confirmation Failed');
    expect(dom.container.textContent).toContain('We could not confirm your email. The link may be invalid or already used.');
    expect(confirmCalls()).toHaveLength(0);
    expect(link('Try Again')).toBe('/business/interest');
  });

  it('sends a consumer with an unknown token home on "Try Again"', async () => {
    stubApi({ '/api/business/interest/confirm': problem(404, 'token_invalid') });
    await renderAt('/confirm?token=nope&type=consumer');
    await waitForText('Confirmation Failed');
    expect(link('Try Again')).toBe('/');
  });

  it('offers a new link when the token has expired and confirms it was sent', async () => {
    stubApi({
      '/api/business/interest/confirm': problem(410, 'token_expired'),
      '/api/business/interest/resend': { status: 202, body: { status: 'sent' } },
    });
    await renderAt('/confirm?token=old-token');
    await waitForText('Link Expired');
    expect(dom.container.textContent).toContain('This confirmation link has expired. Please request a new one.');
    const resend = [...dom.container.querySelectorAll('button')].find((button) => button.textContent === 'Send me a new link');
    expect(resend).toBeDefined();
    await act(async () => resend!.click());
    await waitForText('We have sent you a new link. Check your inbox.');
    const resendCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/business/interest/resend');
    expect(JSON.parse(String((resendCall![1] as RequestInit).body))).toMatchObject({ token: 'old-token' });
  });
});
