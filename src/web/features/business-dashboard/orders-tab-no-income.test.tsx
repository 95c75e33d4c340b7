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
  giftName: 'Esmorzar per a dos',
  giftValidityDays: 365,
  status: 'paid',
  totalAmount: 1500,
  currency: 'EUR',
  recipientName: `Recipient ${id}`,
  recipientPhone: null,
  personalMessage: null,
  commissionRate: 10,
  commissionAmount: 150,
  commissionVatAmount: 40,
  transferState: 'due',
  netAmount: 1310,
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
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.startsWith('/api/business/orders/updates')
        ? { items: [], serverTime: '2026-11-22T10:00:00.000Z', nextSince: '2026-11-22T10:00:00.000Z' }
        : {
            items: [
              order('o1', { status: 'withdrawn', transferState: 'cancelled' }),
              order('o2', { status: 'cancelled', transferState: 'reversed' }),
              order('o3', {}),
            ],
            nextCursor: null,
          };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderCards(language: 'en' | 'es' | 'va') {
  localStorage.setItem('i18nextLng', language);
  await changeLanguage(language);
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
  await vi.waitFor(() => expect(dom.container.querySelectorAll('[data-testid="order-card"]')).toHaveLength(3), { timeout: 5000 });
  return [...dom.container.querySelectorAll('[data-testid="order-card"]')];
}

/** The card's badges (the status, and any other pill such as an extension request). */
const badgesOf = (card: Element) => [...card.querySelectorAll('span.rounded-full')].map((b) => b.textContent);

describe('an order that pays the business nothing', () => {
  it('a withdrawn order receives 0,00 €, says why, and has one badge (Valencian)', async () => {
    const [withdrawn, cancelled, paid] = await renderCards('va');
    expect(withdrawn!.querySelector('[data-testid="order-net"]')?.textContent).toMatch(/^0,00\s€$/);
    expect(withdrawn!.textContent).not.toContain('13,10');
    expect(withdrawn!.querySelector('[data-testid="order-no-income"]')?.textContent).toBe(
      'Qui el va comprar va desistir de la compra i se li van tornar els diners: per esta comanda no reps res.',
    );
    // One status: no commission and no "cancelled" transfer beside the "withdrawn" badge.
    expect(withdrawn!.querySelector('[data-testid="order-transfer"]')).toBeNull();
    expect(withdrawn!.querySelector('[data-testid="order-commission"]')).toBeNull();
    expect(withdrawn!.textContent).not.toMatch(/cancel·lada/i);
    expect(badgesOf(withdrawn!)).toEqual(['Desistiment del comprador']);

    expect(cancelled!.querySelector('[data-testid="order-net"]')?.textContent).toMatch(/^0,00\s€$/);
    expect(cancelled!.querySelector('[data-testid="order-no-income"]')?.textContent).toBe("Cancel·lada per l'equip de Regalo: per esta comanda no reps res.");
    expect(cancelled!.querySelector('[data-testid="order-transfer"]')).toBeNull();

    // A paid order is unchanged.
    expect(paid!.querySelector('[data-testid="order-net"]')?.textContent).toMatch(/^13,10\s€$/);
    expect(paid!.querySelector('[data-testid="order-no-income"]')).toBeNull();
  });

  it.each([
    ['en', 'Withdrawn by the giver and refunded to them'],
    ['es', 'Quien lo compró desistió de la compra'],
  ] as const)('says why in %s', async (language, reason) => {
    const [withdrawn] = await renderCards(language);
    expect(withdrawn!.querySelector('[data-testid="order-net"]')?.textContent).toMatch(/^0[.,]00\s?€$|^€0\.00$/);
    expect(withdrawn!.querySelector('[data-testid="order-no-income"]')?.textContent).toContain(reason);
  });
});
