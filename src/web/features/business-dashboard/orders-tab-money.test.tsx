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

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'es');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.startsWith('/api/business/orders/updates')
        ? { items: [], serverTime: '2026-11-22T10:00:00.000Z', nextSince: '2026-11-22T10:00:00.000Z' }
        : {
            items: [
              order('o1', { commissionVatAmount: 16, netAmount: 858, transferState: 'due' }),
              order('o2', { commissionRate: 1.14, totalAmount: 2500, commissionAmount: 29, netAmount: 2471 }),
              order('o3', { status: 'unpaid', paidAt: null, commissionAmount: null, netAmount: null }),
              order('o4', { totalAmount: 5000, card: { amountCents: 5000, spentCents: 1840, balanceCents: 3160, uses: 1 } }),
            ],
            nextCursor: null,
          };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('business orders tab', () => {
  it('shows the commission (amount and rate) and what the business receives for each paid order', async () => {
    await changeLanguage('es');
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
    await vi.waitFor(() => expect(dom.container.querySelectorAll('[data-testid="order-card"]')).toHaveLength(4), { timeout: 5000 });
    const [paid, small, unpaid, card] = [...dom.container.querySelectorAll('[data-testid="order-card"]')];
    expect(paid!.textContent).toContain('Comisión:');
    expect(paid!.querySelector('[data-testid="order-commission"]')?.textContent).toMatch(/^0,76\s€ \(8\s%\)$/);
    expect(paid!.querySelector('[data-testid="order-commission-vat"]')?.textContent).toMatch(/^0,16\s€$/);
    expect(paid!.querySelector('[data-testid="order-net"]')?.textContent).toMatch(/^8,58\s€$/);
    expect(paid!.querySelector('[data-testid="order-transfer"]')?.textContent).toBe('aún no enviada');
    expect(paid!.textContent).toContain('Recibes:');
    expect(small!.querySelector('[data-testid="order-commission"]')?.textContent).toMatch(/^0,29\s€ \(1,14\s%\)$/);
    expect(small!.querySelector('[data-testid="order-net"]')?.textContent).toMatch(/^24,71\s€$/);
    // Nothing is owed on an order that was never paid.
    expect(unpaid!.querySelector('[data-testid="order-commission"]')).toBeNull();
    // A gift card: its amount, what was spent, the balance and its uses; a fixed gift has none.
    expect(card!.textContent).toContain('Tarjeta regalo');
    expect(card!.querySelector('[data-testid="order-card-spent"]')?.textContent).toMatch(/^18,40\s€$/);
    expect(card!.querySelector('[data-testid="order-card-balance"]')?.textContent).toMatch(/^31,60\s€$/);
    expect(card!.querySelector('[data-testid="order-card-uses"]')?.textContent).toBe('1 uso');
    expect(card!.textContent).toContain('Saldo:');
    expect(paid!.querySelector('[data-testid="order-card-balance"]')).toBeNull();
  });
});
