// @vitest-environment happy-dom
import { act } from 'react';
import { mountReactRootPerTest } from '@web/testing/react-root';
import { renderConsumerPage } from './render-consumer-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '@web/lib/use-cart';
import { firstGiftsListing, giftsListingPath } from '@shared/contracts/catalog-options';

/*
 * Choosing who a gift is for is visible. "Send a gift" on a contact says
 * on screen who the next gift is for (and can be cancelled); that gift becomes a cart line
 * for that contact only; the cart names each line's recipient.
 */
const dom = mountReactRootPerTest();
// The first render loads the page's chunks and catalogues: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const gift = (id: string, name: string) => ({
  id,
  name,
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

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'en');
  cartStore.clear();
  cartStore.startFor(null);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/api/auth/get-session')) return json(null);
      if (url.startsWith('/api/contacts')) {
        return json({
          items: [{ id: 'c1', name: 'Carmen Martínez', email: 'carmen@example.test', phone: '612345678', relationship: null, notes: null, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' }],
        });
      }
      if (url.startsWith('/api/catalog/gifts')) return json({ items: [gift('g1', 'Horchata for two'), gift('g2', 'Fartons')], total: 2, page: 1, pageSize: 12 });
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const text = () => document.body.textContent ?? '';
const buttonNamed = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent)?.startsWith(name))!;
async function waitForText(value: string) {
  await vi.waitFor(() => expect(text()).toContain(value), { timeout: 3000 });
}

async function renderApp() {
  await renderConsumerPage(dom.root, '/app?tab=contacts');
}

describe('sending a gift to a contact', () => {
  it('says who the next gift is for, makes one line for them, and names each line in the cart', async () => {
    await renderApp();
    await waitForText('Carmen Martínez');
    await act(async () => buttonNamed('Send a gift to Carmen Martínez').click());

    await waitForText('Horchata for two');
    // The gifts tab asks for its first page at the address the server preloads (page-preloads.ts).
    const requested = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(requested.find((url) => url.startsWith('/api/catalog/gifts'))).toBe(giftsListingPath(firstGiftsListing));
    const banner = document.querySelector('[data-testid="starting-for"]');
    expect(banner?.getAttribute('role')).toBe('status');
    expect(banner?.textContent).toContain('Choose a gift for Carmen Martínez');

    await act(async () => buttonNamed('Add to cart: Horchata').click());
    await act(async () => buttonNamed('Add to cart: Fartons').click());
    expect(document.querySelector('[data-testid="starting-for"]')).toBeNull();
    expect(cartStore.getSnapshot().lines.map((l) => [l.gift.name, l.recipient.name, l.recipient.phone, l.recipient.contactId])).toEqual([
      ['Horchata for two', 'Carmen Martínez', '612345678', 'c1'],
      ['Fartons', '', '', null],
    ]);

    await act(async () => buttonNamed('Cart: 2 gifts').click());
    // The cart dialog's code loads the first time the cart opens.
    const cart = await vi.waitFor(
      () => {
        const dialog = document.querySelector('[role="dialog"]');
        if (!dialog) throw new Error('the cart is not open yet');
        return dialog;
      },
      { timeout: 3000 },
    );
    expect(cart.textContent).toContain('For Carmen Martínez');
    expect(cart.textContent).toContain('Who it is for: you choose at checkout');
    expect(cart.querySelector('a[href="/checkout"]')).not.toBeNull();
  });

  it('can be cancelled before a gift is chosen', async () => {
    await renderApp();
    await waitForText('Carmen Martínez');
    await act(async () => buttonNamed('Send a gift to Carmen Martínez').click());
    await waitForText('Choose a gift for Carmen Martínez');
    await act(async () => buttonNamed('Cancel').click());
    expect(document.querySelector('[data-testid="starting-for"]')).toBeNull();
    await act(async () => buttonNamed('Add to cart: Horchata').click());
    expect(cartStore.getSnapshot().lines[0]!.recipient.name).toBe('');
  });
});
