// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Checkout } from '@shared/contracts/checkout';

/*
 * The checkout for a visitor without an account (ADR 075): their name and email, the cart
 * kept under the guest key, `/checkout?add=<gift>` from a public gift page, the guest
 * endpoint, and the thank-you page's link to the purchase page.
 */
const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
const problem = (status: number, code: string, fields?: Record<string, string>) =>
  json(status, { type: 'about:blank', title: code, status, code, ...(fields ? { fields } : {}) });

const quoted = (id: string, available = true) => ({
  giftId: id,
  available,
  name: `Gift ${id}`,
  businessId: 'b1',
  businessName: 'Orxateria La Palmera',
  imageUrl: null,
  price: available ? 950 : null,
  kind: available ? 'fixed' : null,
  minAmount: null,
  maxAmount: null,
  suggestedAmounts: null,
  currency: 'EUR',
  validityDays: available ? 180 : null,
  expiresAtIfPaidNow: available ? '2027-05-22T21:59:59.999Z' : null,
  bookedOnline: false,
});

function checkout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    id: 'ck1',
    status: 'pending',
    provider: 'test',
    totalAmount: 950,
    currency: 'EUR',
    paymentUrl: '/checkout/ck1/pay',
    lines: [
      { orderId: 'o1', giftId: 'g1', giftName: 'Gift g1', businessName: 'Orxateria La Palmera', recipientName: 'Carmen', status: 'unpaid', handover: 'send', giftPagePath: null, price: 950, valueKind: 'fixed', validityDays: 180, expiresAt: '2027-05-22T21:59:59.999Z', deliverAt: null },
    ],
    createdAt: '2026-11-22T10:00:00.000Z',
    withdrawUntil: null,
    purchasePath: '/purchase/ck1~1~sig',
    withdrawPath: null,
    paymentMethod: null,
    awaitingBank: false,
    ...overrides,
  };
}

let fetchMock: ReturnType<typeof vi.fn>;
function stubApi(handler: (url: string, init: RequestInit | undefined) => Response | undefined) {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const answer = handler(url, init);
    if (answer) return answer;
    // Nobody is signed in.
    if (url.includes('/api/auth/get-session')) return json(200, null);
    if (url === '/api/checkouts/quote') {
      const { giftIds } = JSON.parse(String(init?.body)) as { giftIds: string[] };
      return json(200, { items: giftIds.map((id) => quoted(id, id !== 'gone')) });
    }
    return problem(404, 'not_found');
  });
  vi.stubGlobal('fetch', fetchMock);
}
const posts = (path: string) => fetchMock.mock.calls.filter(([url, init]) => String(url) === path && (init as RequestInit | undefined)?.method === 'POST');
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

// A fresh module graph per test: the session and cart stores are module-level singletons.
async function renderAt(path: string) {
  const { default: CheckoutPage } = await import('./checkout-page');
  const { CheckoutResult } = await import('./checkout-return-page');
  const { CheckoutShell } = await import('./checkout-shell');
  await act(async () => {
    dom.root.render(
      <Suspense fallback={<p>suspended</p>}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/checkout" element={<CheckoutPage />} />
            <Route
              path="/checkout/:id"
              element={
                <CheckoutShell>
                  <CheckoutResult pollDelay={() => 5} />
                </CheckoutShell>
              }
            />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </Suspense>,
    );
  });
}

const text = () => dom.container.textContent ?? '';
const waitForText = (value: string) => vi.waitFor(() => expect(text()).toContain(value), { timeout: 3000 });
const where = () => dom.container.querySelector('[data-testid="where"]')?.textContent;
const control = (id: string) => dom.container.querySelector<HTMLInputElement>(`[id="${id}"]`)!;
async function type(element: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const button = (name: RegExp) => [...dom.container.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!;
const click = (name: RegExp) => act(async () => button(name).click());

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('i18nextLng', 'en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/checkout for a guest', () => {
  it('adds the gift named by ?add= once, asks for the name and email, and pays through the guest endpoint', async () => {
    stubApi((url, init) => (url === '/api/guest-checkouts' && init?.method === 'POST' ? json(201, checkout()) : undefined));
    await renderAt('/checkout?add=g1');
    await waitForText('Your details');
    // The parameter is dropped, so a reload does not add the gift again.
    await vi.waitFor(() => expect(where()).toBe('/checkout'));
    expect(text()).toContain('Gift g1');
    expect(JSON.parse(localStorage.getItem('regalo.cart:guest')!).lines).toHaveLength(1);
    // No contacts to pick from: a guest has none, and they are never asked for.
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/contacts')).toBe(false);
    expect(dom.container.querySelector('a[href="/auth?next=%2Fcheckout"]')?.textContent).toBe('Sign in');

    await type(control('line-0-name'), 'Carmen');
    await type(control('line-0-email'), 'carmen@example.test');
    await click(/^Go to payment/);
    await waitForText('Please fill this in');
    expect(control('guest-name').getAttribute('aria-invalid')).toBe('true');
    expect(posts('/api/guest-checkouts')).toHaveLength(0);

    await type(control('guest-name'), 'Ana Ferrer');
    await type(control('guest-email'), 'ana@');
    expect(text()).toContain('This is not a valid email address');
    await type(control('guest-email'), ' ana@example.test ');
    await click(/^Go to payment/);
    await vi.waitFor(() => expect(where()).toBe('/checkout/ck1/pay'));
    const [sent] = posts('/api/guest-checkouts').map(bodyOf);
    expect(sent!.buyer).toEqual({ name: 'Ana Ferrer', email: 'ana@example.test', locale: 'en' });
    expect(posts('/api/checkouts')).toHaveLength(0);
    // Kept for the tab: coming back after a failed payment does not ask again.
    expect(JSON.parse(sessionStorage.getItem('regalo.guest-buyer')!)).toMatchObject({ name: 'Ana Ferrer' });
  });

  it("shows the server's refusal of the guest's fields next to them", async () => {
    stubApi((url, init) =>
      url === '/api/guest-checkouts' && init?.method === 'POST' ? problem(400, 'validation_failed', { 'buyer.email': 'invalid_email' }) : undefined,
    );
    sessionStorage.setItem('regalo.guest-buyer', JSON.stringify({ name: 'Ana', email: 'ana@example.test' }));
    await renderAt('/checkout?add=g1');
    await waitForText('Your details');
    expect(control('guest-name').value).toBe('Ana');
    await type(control('line-0-name'), 'Carmen');
    await type(control('line-0-phone'), '612345678');
    await click(/^Go to payment/);
    await vi.waitFor(() => expect(control('guest-email').getAttribute('aria-invalid')).toBe('true'));
    expect(text()).toContain('This is not a valid email address');
    expect(where()).toBe('/checkout');
  });

  it('adds nothing when the gift of the link can no longer be bought, and offers the public catalogue', async () => {
    stubApi(() => undefined);
    await renderAt('/checkout?add=gone');
    await waitForText('Your cart is empty');
    await vi.waitFor(() => expect(where()).toBe('/checkout'));
    expect(localStorage.getItem('regalo.cart:guest')).toBeNull();
    // Both the header's way back and the empty cart's lead to the public catalogue.
    expect([...dom.container.querySelectorAll('a[href="/gifts?lang=en"]')].map((a) => a.textContent)).toEqual(['Keep shopping', 'See all gifts']);
  });

  it("thanks the guest and links to the purchase's own page instead of My orders", async () => {
    stubApi((url) => (url === '/api/checkouts/ck1' ? json(200, checkout({ status: 'succeeded', paymentUrl: null })) : undefined));
    await renderAt('/checkout/ck1');
    await waitForText('Thank you!');
    expect(text()).toContain('We have emailed you the receipt with a link to this purchase.');
    expect(dom.container.querySelector('a[href="/purchase/ck1~1~sig"]')?.textContent).toBe('See this purchase');
    expect(text()).not.toContain('See my orders');
    expect(dom.container.querySelector('a[href="/gifts?lang=en"]')).not.toBeNull();
  });
});
