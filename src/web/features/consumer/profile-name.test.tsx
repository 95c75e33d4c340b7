// @vitest-environment happy-dom
import { act } from 'react';
import { mountReactRootPerTest } from '@web/testing/react-root';
import { renderConsumerPage } from './render-consumer-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/* The header shows the new name right after the profile is saved. */
const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
let name: string;

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'en');
  name = 'Carmen';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const profile = () => ({ userId: 'u1', email: 'carmen@example.test', fullName: name, phone: null, avatarUrl: null, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' });
      if (url.includes('/api/auth/get-session')) {
        return json({ session: { id: 's' }, user: { id: 'u1', email: 'carmen@example.test', name, emailVerified: true } });
      }
      if (url === '/api/profile' && init?.method === 'PATCH') {
        name = (JSON.parse(String(init.body)) as { fullName: string }).fullName;
        return json(profile());
      }
      if (url === '/api/profile') return json(profile());
      return json({ items: [], total: 0, page: 1, pageSize: 12 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('saving the profile', () => {
  it('shows the new name in the header without a reload', async () => {
    await renderConsumerPage(dom.root, '/app?tab=profile');
    const signedInAs = () => document.querySelector('[data-testid="signed-in-as"]')?.textContent;
    await vi.waitFor(() => expect(signedInAs()).toBe('Signed in as Carmen'), { timeout: 10_000 });
    const input = await vi.waitFor(() => {
      const element = document.querySelector<HTMLInputElement>('input[autocomplete="name"]');
      expect(element).not.toBeNull();
      return element!;
    });
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'Carmen Martínez');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => input.form!.requestSubmit());
    await vi.waitFor(() => expect(signedInAs()).toBe('Signed in as Carmen Martínez'));
  });
});
