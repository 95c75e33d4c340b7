// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardOrder } from '@shared/contracts/business-dashboard';
import { changeLanguage } from '@web/lib/language';

const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const order = (id: string, overrides: Partial<DashboardOrder>): DashboardOrder => ({
  id,
  giftId: 'g1',
  giftName: 'Merienda de horchata y fartons para dos',
  giftValidityDays: 365,
  status: 'paid',
  totalAmount: 950,
  currency: 'EUR',
  recipientName: `Recipient ${id}`,
  recipientPhone: null,
  personalMessage: null,
  commissionRate: 8,
  commissionAmount: 76,
  commissionVatAmount: 0,
  transferState: null,
  netAmount: 874,
  createdAt: '2026-11-22T10:00:00.000Z',
  paidAt: '2026-11-22T10:00:00.000Z',
  redeemedAt: null,
  expiresAt: '2027-05-21T21:59:59.999Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  extensionRequestedAt: null,
  extensionDecision: null,
  card: null,
  ...overrides,
});

const posted: { url: string; body: unknown }[] = [];
const requested: string[] = [];

beforeEach(() => {
  posted.length = 0;
  requested.length = 0;
  localStorage.setItem('i18nextLng', 'en');
  let decided = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      requested.push(url);
      if (init?.method === 'POST') {
        posted.push({ url, body: JSON.parse(String(init.body)) });
        decided = true;
        const body = { id: 'o1', status: 'paid', expiresAt: '2027-07-09T21:59:59.999Z', extensionDecision: 'extended' };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      const body = url.startsWith('/api/business/orders/updates')
        ? { items: [], serverTime: '2027-01-10T10:00:00.000Z', nextSince: '2027-01-10T10:00:00.000Z' }
        : {
            items: [
              order('o1', {
                giftValidityDays: 120,
                status: decided ? 'paid' : 'expired',
                extensionRequestedAt: '2027-01-10T10:00:00.000Z',
                extensionDecision: decided ? 'extended' : null,
              }),
              order('o2', { status: 'expired' }),
            ],
            nextCursor: null,
          };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderTab() {
  await changeLanguage('en');
  const { OrdersTab } = await import('./orders-tab');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    dom.render(
      <Suspense fallback={<p>…</p>}>
        <QueryClientProvider client={client}>
          <OrdersTab />
        </QueryClientProvider>
      </Suspense>,
    );
  });
  await vi.waitFor(() => expect(dom.container.querySelectorAll('[data-testid="order-card"]')).toHaveLength(2), { timeout: 5000 });
}

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('orders tab: a recipient asked for more time (ADR 064)', () => {
  beforeEach(() => {
    // Only the date: the new expiry shown is counted from today.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-10T10:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('says how long Extend extends, lets the owner pick the length, and sends it', async () => {
    await renderTab();
    const [asked, quiet] = [...dom.container.querySelectorAll('[data-testid="order-card"]')];
    expect(quiet!.querySelector('[data-testid="extension-request"]')).toBeNull();
    const request = asked!.querySelector('[data-testid="extension-request"]')!;
    expect(request.textContent).toContain('Extension requested');
    expect(request.textContent).toContain("at most the gift's validity, 120 days");
    const length = request.querySelector<HTMLSelectElement>('[data-testid="extension-length"]')!;
    expect([...length.options].map((o) => o.textContent)).toEqual(['30 days', '90 days', '120 days']);
    expect(length.value).toBe('120');
    const buttons = () => [...request.querySelectorAll('button')];
    expect(buttons().map((b) => b.textContent)).toEqual(['Extend by 120 days', 'Decline']);
    expect(request.querySelector('[data-testid="extension-new-date"]')?.textContent).toBe('Valid until 10 May 2027');

    await choose(length, '90');
    expect(buttons()[0]!.textContent).toBe('Extend by 90 days');
    expect(request.querySelector('[data-testid="extension-new-date"]')?.textContent).toBe('Valid until 10 Apr 2027');
    await act(async () => buttons()[0]!.click());
    await vi.waitFor(() => expect(posted).toEqual([{ url: '/api/business/orders/o1/extension', body: { decision: 'extend', days: 90 } }]));
    await vi.waitFor(() =>
      expect(dom.container.querySelector('[data-testid="extension-decision"]')?.textContent).toBe("You extended this gift at the recipient's request."),
    );
    expect(dom.container.querySelector('[data-testid="extension-request"]')).toBeNull();
  });

  it('offers the requests still waiting as a filter value, which the list asks the server for', async () => {
    await renderTab();
    const filter = [...dom.container.querySelectorAll('select')].find((s) => s.querySelector('option[value="all"]'))!;
    const option = filter.querySelector<HTMLOptionElement>('option[value="extension_requested"]');
    expect(option?.textContent).toBe('Waiting for your answer on more time');
    await choose(filter, 'extension_requested');
    await vi.waitFor(() => expect(requested.some((url) => url.includes('status=extension_requested'))).toBe(true));
  });
});
