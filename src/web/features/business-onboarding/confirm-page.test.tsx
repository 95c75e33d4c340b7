// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, StrictMode, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorOf, fieldNamed, typeInto } from '@web/testing/form-fields';

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
              <Route path="/business/signup" element={<p>The wizard</p>} />
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
  const passwordCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/business/interest/password');
  const submitButton = () => [...dom.container.querySelectorAll('button')].find((button) => button.textContent === 'Save password and continue')!;

  it('asks whoever opens a live link for the address and a password, once even under StrictMode, then goes on to the wizard', async () => {
    stubApi({
      '/api/business/interest/confirm': { status: 200, body: { status: 'passwordRequired', type: 'business', email: null } },
      '/api/business/interest/password': { status: 200, body: { status: 'confirmed', signedIn: true } },
    });
    await renderAt('/confirm?token=abc123&type=business');
    await waitForText('Create your password');
    expect(confirmCalls()).toHaveLength(1);
    expect(JSON.parse(String((confirmCalls()[0]![1] as RequestInit).body))).toEqual({ token: 'abc123', type: 'business' });
    // Not the browser that filled the form: the address is typed, not shown.
    const email = fieldNamed('Email this link was sent to') as HTMLInputElement;
    expect(email.value).toBe('');
    expect(email.readOnly).toBe(false);
    expect(email.autocomplete).toBe('username');
    expect((fieldNamed('New password') as HTMLInputElement).autocomplete).toBe('new-password');

    // The shared contract answers first: nothing is sent for a short password.
    await typeInto('Email this link was sent to', 'Owner@Example.test');
    await typeInto('New password', 'short');
    await act(async () => submitButton().click());
    expect(errorOf('New password')).toBe('It is too short: use at least 8 characters.');
    expect(passwordCalls()).toHaveLength(0);

    await typeInto('New password', 'orxata-de-xufa-2026');
    await act(async () => submitButton().click());
    await waitForText('The wizard');
    expect(passwordCalls()).toHaveLength(1);
    expect(JSON.parse(String((passwordCalls()[0]![1] as RequestInit).body))).toEqual({ token: 'abc123', email: 'owner@example.test', newPassword: 'orxata-de-xufa-2026' });
  });

  it('names the address to the browser that filled the form, and shows the server\'s refusals on their fields', async () => {
    stubApi({
      '/api/business/interest/confirm': { status: 200, body: { status: 'passwordRequired', type: 'business', email: 'owner@example.test' } },
      '/api/business/interest/password': {
        status: 400,
        body: { type: 'about:blank', title: 'x', status: 400, code: 'PASSWORD_TOO_COMMON', fields: { newPassword: 'PASSWORD_TOO_COMMON' } },
      },
    });
    await renderAt('/confirm?token=abc123');
    await waitForText('Create your password');
    const email = fieldNamed('Email this link was sent to') as HTMLInputElement;
    expect(email.value).toBe('owner@example.test');
    expect(email.readOnly).toBe(true);
    await typeInto('New password', 'password1234');
    await act(async () => submitButton().click());
    await vi.waitFor(() => expect(errorOf('New password')).toBe('It is one of the most common passwords, so it is easy to guess. Choose another one.'));
  });

  it('says so when the typed address is not the one the link was sent to', async () => {
    stubApi({
      '/api/business/interest/confirm': { status: 200, body: { status: 'passwordRequired', type: 'business', email: null } },
      '/api/business/interest/password': {
        status: 400,
        body: { type: 'about:blank', title: 'x', status: 400, code: 'email_mismatch', fields: { email: 'emailMismatch' } },
      },
    });
    await renderAt('/confirm?token=abc123');
    await waitForText('Create your password');
    await typeInto('Email this link was sent to', 'someone@example.test');
    await typeInto('New password', 'orxata-de-xufa-2026');
    await act(async () => submitButton().click());
    await vi.waitFor(() => expect(errorOf('Email this link was sent to')).toContain('This is not the address the link was sent to.'));
  });

  it('turns to "sign in" when the link was used meanwhile (another tab)', async () => {
    stubApi({
      '/api/business/interest/confirm': { status: 200, body: { status: 'passwordRequired', type: 'business', email: 'owner@example.test' } },
      '/api/business/interest/password': problem(409, 'link_used'),
    });
    await renderAt('/confirm?token=abc123');
    await waitForText('Create your password');
    await typeInto('New password', 'orxata-de-xufa-2026');
    await act(async () => submitButton().click());
    await waitForText('Your email is already confirmed');
    expect(link('Sign in to continue')).toBe('/auth');
  });

  it('tells someone reusing a confirmed link in a browser without a session to sign in, not to continue', async () => {
    stubApi({
      '/api/business/interest/confirm': {
        status: 200,
        body: { status: 'confirmed', alreadyConfirmed: true, type: 'business' },
      },
    });
    await renderAt('/confirm?token=used&type=business');
    await waitForText('Your email is already confirmed');
    expect(dom.container.textContent).toContain('Sign in with your email and password (or Google) to continue your business registration.');
    expect(dom.container.textContent).not.toContain('Continue registration');
    expect(link('Sign in to continue')).toBe('/auth');
  });

  it('lets the same browser, still signed in, continue after reusing its link', async () => {
    stubApi({
      '/api/business/interest/confirm': {
        status: 200,
        body: { status: 'confirmed', alreadyConfirmed: true, type: 'business' },
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
