// @vitest-environment happy-dom
import { act, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountReactRootPerTest } from '@web/testing/react-root';

/*
 * A guest's purchase page and "find my purchases" (ADR 075): the order cards act through the
 * signed link's endpoints, withdrawal goes to the purchase's signed form, a dead link leads to
 * the way to get working ones, and the finding form says the same whatever the address bought.
 */
const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
const problem = (status: number, code: string, fields?: Record<string, string>) => json(status, { type: 'about:blank', title: code, status, code, ...(fields ? { fields } : {}) });

const TOKEN = 'ck1~1893456000000~sig';
const order = {
  id: 'o1',
  status: 'paid',
  giftName: 'Horchata for two',
  businessName: 'Orxateria La Palmera',
  recipientName: 'Carmen',
  recipientPhone: null,
  recipientEmail: 'carmen@example.test',
  personalMessage: null,
  totalAmount: 950,
  currency: 'EUR',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2027-05-19T21:59:59.999Z',
  giftPagePath: '/g/abc',
  giftUrl: 'http://127.0.0.1:3000/g/abc',
  recipientLocale: 'es',
  senderName: 'Ana',
  deliverAt: null,
  deliveryState: 'delivered',
  handover: 'send',
  deliveredAt: '2026-11-20T10:01:00.000Z',
  canChangeDelivery: false,
  canResend: true,
  checkoutId: 'ck1',
  withdrawal: { state: 'open', until: '2026-12-04T22:59:59.999Z', at: null },
};
const purchase = {
  checkoutId: 'ck1',
  status: 'succeeded',
  buyerName: 'Ana Ferrer',
  buyerEmail: 'ana@example.test',
  createdAt: '2026-11-20T09:59:00.000Z',
  paidAt: '2026-11-20T10:00:00.000Z',
  totalAmount: 950,
  currency: 'EUR',
  paymentUrl: null,
  paymentMethod: 'bizum',
  awaitingBank: false,
  orders: [order],
  withdrawPath: '/withdraw/link/ck1~1~wsig',
  withdrawUntil: '2026-12-04T22:59:59.999Z',
  account: 'none',
};

let fetchMock: ReturnType<typeof vi.fn>;
function stubApi(handler: (url: string, init: RequestInit | undefined) => Response | undefined) {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    return handler(url, init) ?? (url.includes('/api/auth/get-session') ? json(200, null) : problem(404, 'not_found'));
  });
  vi.stubGlobal('fetch', fetchMock);
}
const calls = (method: string, path: string) => fetchMock.mock.calls.filter(([url, init]) => String(url) === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method);

async function renderAt(path: string) {
  const { default: PurchasePage } = await import('./purchase-page');
  const { default: FindPurchasesPage } = await import('./find-purchases-page');
  await act(async () => {
    dom.root.render(
      <Suspense fallback={<p>suspended</p>}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/purchase/:token" element={<PurchasePage />} />
            <Route path="/purchase" element={<FindPurchasesPage />} />
          </Routes>
        </MemoryRouter>
      </Suspense>,
    );
  });
}
const text = () => dom.container.textContent ?? '';
const waitForText = (value: string) => vi.waitFor(() => expect(text()).toContain(value), { timeout: 5000 });
const button = (name: RegExp) => [...dom.container.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!;

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'en');
});
afterEach(() => vi.unstubAllGlobals());

describe('/purchase/<token>', () => {
  it("shows the purchase's gifts as My orders does, and acts through the signed link", async () => {
    stubApi((url, init) => {
      if (url === `/api/purchases/${encodeURIComponent(TOKEN)}`) return json(200, purchase);
      if (url === `/api/purchases/${encodeURIComponent(TOKEN)}/orders/o1/resend` && init?.method === 'POST') return json(204, null);
      return undefined;
    });
    await renderAt(`/purchase/${TOKEN}`);
    await waitForText('Horchata for two');
    expect(dom.container.querySelector('[data-testid="purchase-lead"]')?.textContent).toContain('Ana Ferrer (ana@example.test)');
    // How it was paid (ADR 106).
    expect(dom.container.querySelector('[data-testid="purchase-paid-with"]')?.textContent).toBe('Paid with Bizum');
    // Withdrawal: the purchase's signed form, never /withdraw/<id> (that one needs a session).
    const withdrawLinks = [...dom.container.querySelectorAll('a')].filter((a) => a.textContent === 'Withdraw from contract here').map((a) => a.getAttribute('href'));
    expect(withdrawLinks.length).toBeGreaterThan(0);
    expect(new Set(withdrawLinks)).toEqual(new Set(['/withdraw/link/ck1~1~wsig']));
    expect(dom.container.querySelector('a[href="/g/abc"]')).not.toBeNull();

    await act(async () => button(/^Send the email again/).click());
    await vi.waitFor(() => expect(calls('POST', `/api/purchases/${encodeURIComponent(TOKEN)}/orders/o1/resend`)).toHaveLength(1));
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/my/'))).toBe(false);
  });

  it('says a Bizum payment is waiting for the bank, with nothing to pay again and no gifts yet', async () => {
    stubApi((url) =>
      url === `/api/purchases/${encodeURIComponent(TOKEN)}`
        ? json(200, { ...purchase, status: 'pending', paidAt: null, paymentUrl: '/checkout/ck1/pay', awaitingBank: true, orders: [], withdrawPath: null, withdrawUntil: null })
        : undefined,
    );
    await renderAt(`/purchase/${TOKEN}`);
    await waitForText('waiting for your bank');
    expect(dom.container.querySelector('[data-testid="purchase-awaiting-bank"]')?.getAttribute('role')).toBe('status');
    expect(text()).not.toContain('Go to payment');
    expect(dom.container.querySelector('[data-testid="purchase-paid-with"]')).toBeNull();
  });

  const purchaseUrl = `/api/purchases/${encodeURIComponent(TOKEN)}`;
  const claimUrl = `${purchaseUrl}/claim`;
  const accountCard = () => dom.container.querySelector('[data-testid="purchase-account"]');

  it('offers "Add to my account" to the account with the purchase’s address, and adds it in one click', async () => {
    stubApi((url, init) => {
      if (url === purchaseUrl) return json(200, { ...purchase, account: 'can_add' });
      if (url === claimUrl && init?.method === 'POST') return json(200, { ...purchase, account: 'added' });
      return undefined;
    });
    await renderAt(`/purchase/${TOKEN}`);
    await waitForText('This purchase was made with ana@example.test, your account');
    await act(async () => button(/^Add to my account$/).click());
    await waitForText('This purchase is in "My orders" of your account.');
    expect(calls('POST', claimUrl)).toHaveLength(1);
    expect(button(/^Add to my account$/)).toBeUndefined();
    expect(accountCard()?.querySelector('a')?.getAttribute('href')).toBe('/app?tab=orders');
  });

  it('says why the purchase could not be added, in the card', async () => {
    stubApi((url, init) => {
      if (url === purchaseUrl) return json(200, { ...purchase, account: 'can_add' });
      if (url === claimUrl && init?.method === 'POST') return problem(403, 'purchase_other_account');
      return undefined;
    });
    await renderAt(`/purchase/${TOKEN}`);
    await waitForText('Add to my account');
    await act(async () => button(/^Add to my account$/).click());
    await vi.waitFor(() => expect(accountCard()?.querySelector('[role="alert"]')?.textContent).toBe("Only the Regalo account with this purchase's confirmed email address can add it."));
    expect(button(/^Add to my account$/)).toBeDefined();
  });

  it('shows a signed-out visitor no button but the way to sign in (or up) and come back', async () => {
    stubApi((url) => (url === purchaseUrl ? json(200, { ...purchase, account: 'signed_out' }) : undefined));
    await renderAt(`/purchase/${TOKEN}`);
    await waitForText('sign in with ana@example.test');
    expect(button(/^Add to my account$/)).toBeUndefined();
    const back = new URLSearchParams({ next: `/purchase/${TOKEN}` }).toString();
    expect([...accountCard()!.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([`/auth?${back}`, `/auth?tab=signup&${back}`]);
  });

  it.each([
    ['other_account', 'Only the Regalo account with the confirmed address ana@example.test can add this purchase'],
    ['none', null],
  ] as const)('shows no button when the page says %s', async (account, sentence) => {
    stubApi((url) => (url === purchaseUrl ? json(200, { ...purchase, account }) : undefined));
    await renderAt(`/purchase/${TOKEN}`);
    await waitForText('Horchata for two');
    expect(button(/^Add to my account$/)).toBeUndefined();
    if (sentence) expect(accountCard()?.textContent).toContain(sentence);
    else expect(accountCard()).toBeNull();
    expect(calls('POST', claimUrl)).toHaveLength(0);
  });

  it('says what happened to a link that no longer opens anything, and offers to find the purchases', async () => {
    stubApi((url) => (url.startsWith('/api/purchases/') ? problem(410, 'purchase_link_expired') : undefined));
    await renderAt(`/purchase/${TOKEN}`);
    await waitForText('This link has expired.');
    expect(dom.container.querySelector('[data-testid="purchase-link-error"] a')?.getAttribute('href')).toBe('/purchase');
  });
});

describe('/purchase (find my purchases)', () => {
  it('checks the address on the page, then sends it and answers the same whatever it bought', async () => {
    stubApi((url, init) => (url === '/api/purchase-links' && init?.method === 'POST' ? json(204, null) : undefined));
    await renderAt('/purchase');
    await waitForText('Find my purchases');
    const input = dom.container.querySelector<HTMLInputElement>('input[type="email"]')!;
    await act(async () => input.focus());
    await act(async () => button(/^Send me the links/).click());
    await waitForText('Please fill this in');
    expect(calls('POST', '/api/purchase-links')).toHaveLength(0);

    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'ana@example.test');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => button(/^Send me the links/).click());
    await waitForText('If ana@example.test bought something on Regalo without an account');
    const [call] = calls('POST', '/api/purchase-links');
    expect(JSON.parse(String((call![1] as RequestInit).body))).toEqual({ email: 'ana@example.test', locale: 'en' });
  });

  it('says so when the address asked too often', async () => {
    stubApi((url) => (url === '/api/purchase-links' ? problem(429, 'rate_limited') : undefined));
    await renderAt('/purchase');
    await waitForText('Find my purchases');
    const input = dom.container.querySelector<HTMLInputElement>('input[type="email"]')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'ana@example.test');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => button(/^Send me the links/).click());
    await waitForText('Too many requests for this address.');
  });
});
