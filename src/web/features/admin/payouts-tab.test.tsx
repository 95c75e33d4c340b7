// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayouts } from '@shared/contracts/admin-payouts';
import { changeLanguage } from '@web/lib/language';

const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const payouts: AdminPayouts = {
  unpayable: [{ businessId: 'b2', businessName: 'Taller Blau', status: 'incomplete', requirementsDue: ['external_account', 'company.tax_id'], disabledReason: null }],
  transfers: [
    {
      id: 't1',
      orderId: 'o1',
      businessId: 'b1',
      businessName: 'Bar Pepe',
      giftName: 'Paella para dos',
      recipientName: 'Lucía',
      amount: 3955,
      state: 'failed',
      attempts: 2,
      nextAttemptAt: '2026-11-20T10:00:00.000Z',
      lastError: 'The account cannot receive transfers',
      providerTransferId: null,
      sentAt: null,
      reversedAt: null,
      createdAt: '2026-11-01T10:00:00.000Z',
    },
  ],
  differences: [{ id: 'd1', runId: 'r1', kind: 'missing_in_ledger', providerRef: 'tr_stray', ledgerAmount: null, providerAmount: 500, businessId: null, businessName: null, createdAt: '2026-11-02T03:00:00.000Z' }],
};

const calls: { method: string; url: string }[] = [];
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (method === 'POST') return new Response(null, { status: 204 });
      const body = url.startsWith('/api/admin/payouts')
        ? payouts
        : { month: url.slice(-7), businesses: [], totals: { openingBalance: 0, closingBalance: 0, gross: 0, commission: 0, commissionVat: 0, share: 0, refunded: 0, transferred: 0, reversed: 0 } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('admin payouts tab', () => {
  it('shows who cannot be paid, a failed transfer with its reason and a retry, and the differences', async () => {
    await changeLanguage('en');
    const { PayoutsTab } = await import('./payouts-tab');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => {
      dom.render(
        <Suspense fallback={<p>…</p>}>
          <QueryClientProvider client={client}>
            <PayoutsTab />
          </QueryClientProvider>
        </Suspense>,
      );
    });
    await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="admin-transfers"]')).not.toBeNull(), { timeout: 5000 });
    expect(dom.container.querySelector('[data-testid="unpayable"]')!.textContent).toContain('Taller BlauOnboarding not finished');
    // The provider's requirement names in plain words; one we have no words for stays as written.
    expect(dom.container.querySelector('[data-testid="unpayable"]')!.textContent).toContain('Still needed: bank account, company.tax_id');
    const transfer = dom.container.querySelector('[data-testid="admin-transfers"] li')!;
    expect(transfer.textContent).toContain('Reason: The account cannot receive transfers');
    expect(transfer.textContent).toContain('2 attempts');
    expect(dom.container.textContent).toContain('At the provider, not in the ledger');
    expect(calls[0]).toEqual({ method: 'GET', url: '/api/admin/payouts?state=failed' });

    const retry = dom.container.querySelector<HTMLButtonElement>('button[aria-label="Retry now: Paella para dos for Bar Pepe"]')!;
    await act(async () => retry.click());
    await vi.waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/admin/transfers/t1/retry' }));
    // The list is read again after the retry.
    await vi.waitFor(() => expect(calls.filter((c) => c.url === '/api/admin/payouts?state=failed')).toHaveLength(2));
  });

  it("says the provider's reasons and the quarters in plain words, in Valencian", async () => {
    payouts.unpayable = [
      { businessId: 'b3', businessName: 'Forn Roig', status: 'restricted', requirementsDue: ['external_account'], disabledReason: 'requirements.past_due' },
      { businessId: 'b4', businessName: 'Bici Verda', status: 'restricted', requirementsDue: [], disabledReason: 'some_new_reason' },
    ];
    await changeLanguage('va');
    const { PayoutsTab } = await import('./payouts-tab');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () => {
      dom.render(
        <Suspense fallback={<p>…</p>}>
          <QueryClientProvider client={client}>
            <PayoutsTab />
          </QueryClientProvider>
        </Suspense>,
      );
    });
    await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="unpayable"]')?.textContent).toContain('Forn Roig'), { timeout: 5000 });
    const unpayable = dom.container.querySelector('[data-testid="unpayable"]')!.textContent!;
    expect(unpayable).not.toContain('requirements.past_due');
    expect(unpayable).toContain('hi ha dades que va demanar i no s’han enviat a temps');
    expect(unpayable).toContain('compte bancari');
    // A reason we have no words for stays as the provider wrote it.
    expect(unpayable).toContain('some_new_reason');
    await vi.waitFor(() => expect(dom.container.querySelectorAll('option[value$="-Q1"]').length).toBeGreaterThan(0), { timeout: 5000 });
    const quarters = [...dom.container.querySelectorAll<HTMLOptionElement>('option')].filter((o) => /^\d{4}-Q[1-4]$/.test(o.value));
    expect(quarters.length).toBeGreaterThan(0);
    for (const option of quarters) expect(option.textContent).toMatch(/^[a-zç]+–[a-zç]+ de \d{4}$/);
    expect(quarters.find((o) => o.value.endsWith('-Q1'))!.textContent).toMatch(/^gener–març de \d{4}$/);
  });
});

