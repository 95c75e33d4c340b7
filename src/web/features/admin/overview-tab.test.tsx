// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOverview } from '@shared/contracts/admin';
import { changeLanguage } from '@web/lib/language';

const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const sales = { orders: 3, gross: 7500, commission: 750, commissionVat: 158, net: 6592 };
const overview: AdminOverview = {
  pendingApplications: 0,
  oldestPendingSubmittedAt: null,
  oldestPendingDays: null,
  activeBusinesses: 15,
  thisMonth: { ...sales, month: '2026-12' },
  lastMonth: { ...sales, month: '2026-11' },
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const body = String(input) === '/api/admin/booking-health' ? { windowDays: 30, thresholds: { misses: 5, businessCancellations: 3 }, businesses: [] } : overview;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('admin overview', () => {
  it('names the months of its sales (ADR 058), never 2026-12', async () => {
    await changeLanguage('va');
    const { OverviewTab } = await import('./overview-tab');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => {
      dom.render(
        <Suspense fallback={<p>…</p>}>
          <QueryClientProvider client={client}>
            <OverviewTab onOpen={() => undefined} />
          </QueryClientProvider>
        </Suspense>,
      );
    });
    await vi.waitFor(() => expect(dom.container.querySelectorAll('[data-testid="sales-month"]')).toHaveLength(2), { timeout: 5000 });
    expect(dom.container.textContent).not.toContain('2026-12');
    expect(dom.container.textContent).toContain('(desembre de 2026)');
    expect(dom.container.textContent).toContain('(novembre de 2026)');
  });
});
