// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const dom = mountReactRootPerTest();

const toast = { success: vi.fn(), error: vi.fn(), message: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() };
vi.mock('@web/components/ui/toast', () => ({ toast }));

let fetchMock: ReturnType<typeof vi.fn>;

function answerInterestWith(status: number, body: unknown) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) !== '/api/business/interest') return new Response('null', { status: 200 });
    await gate;
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return release;
}

beforeEach(() => {
  vi.resetModules();
  for (const fn of Object.values(toast)) fn.mockReset();
  localStorage.setItem('i18nextLng', 'en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function render() {
  const { default: InterestPage } = await import('./interest-page');
  await act(async () => {
    dom.root.render(
      <Suspense fallback={<p>suspended</p>}>
        <MemoryRouter initialEntries={['/business/interest']}>
          <InterestPage />
        </MemoryRouter>
      </Suspense>,
    );
  });
  await vi.waitFor(() => expect(dom.container.querySelector('#interest-email')).not.toBeNull(), { timeout: 3000 });
}

function type(selector: string, value: string) {
  const input = dom.container.querySelector<HTMLInputElement>(selector)!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

async function fillAndSubmit() {
  await act(async () => {
    type('#interest-business-name', 'Horno San Nicolás');
    type('#interest-email', 'horno@example.test');
  });
  const button = dom.container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  await act(async () => button.click());
  return button;
}

const interestCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/business/interest');

describe('/business/interest', () => {
  it('sends once with the page language, disables the button meanwhile, then shows the check-email view', async () => {
    const release = answerInterestWith(201, { status: 'pending', email: 'horno@example.test' });
    await render();
    const button = await fillAndSubmit();
    await vi.waitFor(() => expect(button.disabled).toBe(true));
    await act(async () => button.click());
    await act(async () => release());
    await vi.waitFor(() => expect(dom.container.textContent).toContain('Check Your Email'));
    expect(interestCalls()).toHaveLength(1);
    expect(JSON.parse(String((interestCalls()[0]![1] as RequestInit).body))).toEqual({
      businessName: 'Horno San Nicolás',
      email: 'horno@example.test',
      locale: 'en',
    });
    expect(toast.success).toHaveBeenCalledWith('Success!', {
      description: 'Business registration initiated! Check your email to confirm your account.',
    });
    expect(dom.container.textContent).toContain('Check your spam or junk folder');
  });

  it('refuses empty fields without calling the server', async () => {
    answerInterestWith(201, {});
    await render();
    const button = dom.container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    await act(async () => button.click());
    await vi.waitFor(() => expect(dom.container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(2));
    expect(dom.container.textContent).toContain('This field is required.');
    expect(interestCalls()).toHaveLength(0);
  });

  it('shows a delivery failure in the Email Delivery Issue box', async () => {
    answerInterestWith(503, {
      type: 'about:blank',
      title: 'Unavailable',
      status: 503,
      code: 'mail_delivery_failed',
      detail: 'the mail server is down',
    })();
    await render();
    await fillAndSubmit();
    await vi.waitFor(() => expect(dom.container.querySelector('[role="alert"]')?.textContent).toContain('Email Delivery Issue'));
    expect(dom.container.textContent).toContain('Registration failed: the mail server is down');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('falls back to the generic toast for any other failure', async () => {
    answerInterestWith(500, { type: 'about:blank', title: 'Boom', status: 500, code: 'internal_error' })();
    await render();
    await fillAndSubmit();
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to register business. Please try again.', expect.anything()));
  });
});
