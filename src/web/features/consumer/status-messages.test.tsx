// @vitest-environment happy-dom
import { act } from 'react';
import { mountReactRootPerTest } from '@web/testing/react-root';
import { renderConsumerPage } from './render-consumer-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '@web/lib/use-cart';

/*
 * docs/accessibility.md: a search's outcome is announced (a status region that was in the
 * page before its text), "Contact deleted" is shown although the deleted row unmounts, and
 * "Next" to the last page leaves keyboard focus on "Previous", not on <body>.
 */
const toastSuccess = vi.hoisted(() => vi.fn());
vi.mock('@web/components/ui/toast', async (original) => {
  const actual = await original<typeof import('@web/components/ui/toast')>();
  return { ...actual, toast: Object.assign(actual.toast, { success: toastSuccess }) };
});

const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const gift = (n: number) => ({
  id: `g${n}`,
  name: `Gift number ${n}`,
  description: null,
  price: 950,
  kind: 'fixed',
  minAmount: null,
  maxAmount: null,
  currency: 'EUR',
  validityDays: 180,
  imageUrl: null,
  bookingRequired: false,
  onlineBooking: null,
  partySize: null,
  validWeekdays: null,
  conditions: null,
  business: {
    id: 'b1',
    name: 'Orxateria La Palmera',
    category: 'traditional_drinks',
    booking: { phone: null, whatsapp: null, bookingUrl: null, openingHours: null },
  },
});
let contacts: { id: string; name: string }[];

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'en');
  cartStore.clear();
  toastSuccess.mockClear();
  contacts = [{ id: 'c1', name: 'Carmen Martínez' }];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/auth/get-session') return json(null);
      if (url.pathname === '/api/contacts/c1' && init?.method === 'DELETE') {
        contacts = [];
        return new Response(null, { status: 204 });
      }
      if (url.pathname === '/api/contacts') {
        return json({
          items: contacts.map((c) => ({ ...c, email: null, phone: '612345678', relationship: null, notes: null, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' })),
        });
      }
      if (url.pathname === '/api/catalog/gifts') {
        if (url.searchParams.get('q')) return json({ items: [], total: 0, page: 1, pageSize: 12 });
        const page = Number(url.searchParams.get('page') ?? 1);
        const items = page === 1 ? Array.from({ length: 12 }, (_, i) => gift(i + 1)) : [gift(13)];
        return json({ items, total: 13, page, pageSize: 12 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const text = () => document.body.textContent ?? '';
const buttonNamed = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name)!;
// The first render loads the page's chunks and catalogues: slow on a busy machine.
const waitFor = (assertion: () => void) => vi.waitFor(assertion, { timeout: 10_000 });

async function renderApp(tab: string) {
  await renderConsumerPage(dom.root, `/app?tab=${tab}`);
}

async function typeInto(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('status messages of the consumer area', () => {
  it('announces the count, then that no gift matches the search, in a region that was already there', async () => {
    await renderApp('gifts');
    await waitFor(() => expect(text()).toContain('Gift number 12'));
    const status = document.querySelector<HTMLElement>('[role="status"][data-testid="results-status"]')!;
    expect(status.textContent).toBe('13 gifts');

    await typeInto(document.querySelector<HTMLInputElement>('input[type="search"]')!, 'unicorn');
    await waitFor(() => expect(status.textContent).toBe('No gifts match your search.'));
    // The same element: a live region mounted with its text is often not read out.
    expect(document.querySelector('[data-testid="results-status"]')).toBe(status);
  });

  it('moves focus to "Previous" when "Next" reaches the last page and disables itself', async () => {
    await renderApp('gifts');
    await waitFor(() => expect(text()).toContain('Gift number 12'));
    const next = buttonNamed('Next');
    await act(async () => {
      next.focus();
      next.click();
    });
    await waitFor(() => expect(text()).toContain('Gift number 13'));
    await waitFor(() => expect(buttonNamed('Next').disabled).toBe(true));
    expect(document.activeElement).toBe(buttonNamed('Previous'));
  });

  it('asks the catalogue again in the new language when the language changes (names a business wrote in several)', async () => {
    await renderApp('gifts');
    await waitFor(() => expect(text()).toContain('Gift number 12'));
    const fetchMock = vi.mocked(fetch);
    const listings = () => fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === '/api/catalog/gifts').length;
    const before = listings();
    const { changeLanguage } = await import('@web/lib/language');
    try {
      await act(async () => changeLanguage('es'));
      // The request goes out after the language cookie names the new language (the server reads it).
      await waitFor(() => expect(listings()).toBe(before + 1));
      expect(document.cookie).toContain('regalo-language=es');
    } finally {
      await act(async () => changeLanguage('en'));
    }
  });

  it('says "Contact deleted" after the confirmed delete, though the row is gone', async () => {
    await renderApp('contacts');
    await waitFor(() => expect(text()).toContain('Carmen Martínez'));
    await act(async () => buttonNamed('Delete Carmen Martínez').click());
    await waitFor(() => expect(document.querySelector('[role="alertdialog"]')).not.toBeNull());
    const confirm = [...document.querySelectorAll<HTMLButtonElement>('[role="alertdialog"] button')].find((b) => b.textContent?.trim() === 'Delete')!;
    await act(async () => confirm.click());
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Contact deleted'));
    // The dialog now lives in its own lazily loaded chunk and closes a render after the toast.
    await waitFor(() => expect(text()).not.toContain('Carmen Martínez'));
  });
});
