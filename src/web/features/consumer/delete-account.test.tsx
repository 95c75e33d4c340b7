// @vitest-environment happy-dom
import { act } from 'react';
import { mountReactRootPerTest } from '@web/testing/react-root';
import { renderConsumerPage } from './render-consumer-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The delete-account dialog loads when first opened (ADR 045): its opener says it opens a
 * dialog and whether it is open, the dialog asks for the password, a wrong one is said in the
 * dialog, and closing it gives focus back to the opener.
 */
const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
const deletes: unknown[] = [];

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'en');
  deletes.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/api/auth/get-session')) {
        return json({ session: { id: 's' }, user: { id: 'u1', email: 'carmen@example.test', name: 'Carmen', emailVerified: true } });
      }
      if (url === '/api/account' && init?.method === 'DELETE') {
        deletes.push(JSON.parse(String(init.body)));
        return json({ type: 'about:blank', title: 'Wrong password', status: 400, code: 'validation_failed', fields: { password: 'passwordMismatch' } }, 400);
      }
      if (url === '/api/profile') {
        return json({ userId: 'u1', email: 'carmen@example.test', fullName: 'Carmen', phone: null, avatarUrl: null, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' });
      }
      if (url.includes('password')) return json({ hasPassword: true });
      return json({ items: [], total: 0, page: 1, pageSize: 12 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const opener = () =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((button) => button.textContent?.includes('Delete my account'));

describe('deleting the account', () => {
  it('opens the dialog on demand, says a wrong password there and returns focus to its opener', async () => {
    await renderConsumerPage(dom.root, '/app?tab=profile');
    const button = await vi.waitFor(() => {
      expect(opener()).toBeDefined();
      return opener()!;
    });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('[role="dialog"]')).toBeNull();

    button.focus();
    await act(async () => button.click());
    const dialog = await vi.waitFor(() => {
      const element = document.querySelector<HTMLElement>('[role="dialog"]');
      expect(element).not.toBeNull();
      return element!;
    });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const password = await vi.waitFor(() => {
      const input = dialog.querySelector<HTMLInputElement>('input[type="password"]');
      expect(input).not.toBeNull();
      return input!;
    });
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(password, 'not-my-password');
      password.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => password.form!.requestSubmit());
    await vi.waitFor(() => expect(deletes).toEqual([{ password: 'not-my-password' }]));
    await vi.waitFor(() => expect(dialog.textContent).toContain('That password is not correct'));

    const cancel = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!;
    await act(async () => cancel.click());
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await vi.waitFor(() => expect(document.activeElement).toBe(button));
  });
});
