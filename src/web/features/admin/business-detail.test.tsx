// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBusinessDetail } from '@shared/contracts/admin';
import { changeLanguage } from '@web/lib/language';

const dom = mountReactRootPerTest();

const detail = (overrides: Partial<AdminBusinessDetail['business']> = {}): AdminBusinessDetail => ({
  business: {
    id: 'b1',
    name: 'Cerámica Russafa',
    businessType: 'company',
    category: 'artisan_workshop',
    address: 'Carrer de Sueca 12',
    city: 'Valencia',
    taxId: 'B12345674',
    taxIdKind: 'cif',
    businessRegistrationNumber: null,
    phone: null,
    email: null,
    website: null,
    description: null,
    verificationStatus: 'approved',
    rejectionReason: null,
    isActive: true,
    commissionRate: 10,
    proposedCommissionRate: 12.5,
    commissionProposedAt: '2026-11-26T10:00:00.000Z',
    termsAcceptedAt: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    owner: { id: 'u1', name: 'Olga', email: 'olga@example.test', locale: 'es' },
    documents: [],
    ...overrides,
  },
  applications: [],
  gifts: [],
  orders: [],
});

let calls: { method: string; url: string }[] = [];
let active = true;

beforeEach(() => {
  calls = [];
  active = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url: String(input) });
      if (method === 'POST') active = false;
      const body = detail({ isActive: active });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderDetail() {
  const { BusinessDetail } = await import('./business-detail');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    dom.render(
      <Suspense fallback={<p>…</p>}>
        <QueryClientProvider client={client}>
          <BusinessDetail id="b1" onOrders={() => undefined} />
        </QueryClientProvider>
      </Suspense>,
    );
  });
}
const buttonNamed = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) ?? null;

describe('admin business detail', () => {
  it('writes rates the Spanish way and shows a proposal waiting for the owner (issue 29.1)', async () => {
    await changeLanguage('es');
    await renderDetail();
    await vi.waitFor(() => expect(document.querySelector('[data-testid="commission-proposal-pending"]')).not.toBeNull(), { timeout: 5000 });
    expect(document.querySelector('[data-testid="commission-proposal-pending"]')!.textContent).toBe('12,5\u00a0% propuesta el 26 nov 2026, pendiente de que el titular la acepte');
    expect(document.body.textContent).toContain('10\u00a0%');
    // The form starts from the pending proposal, with a decimal comma.
    expect([...document.querySelectorAll('input')].some((input) => input.value === '12,5')).toBe(true);
  });

  it('asks before deactivating a business, and deactivates only once confirmed', async () => {
    await changeLanguage('en');
    await renderDetail();
    await vi.waitFor(() => expect(buttonNamed('Deactivate')).not.toBeNull(), { timeout: 5000 });
    await act(async () => buttonNamed('Deactivate')!.click());
    await vi.waitFor(() => expect(document.body.textContent).toContain('Deactivate Cerámica Russafa?'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // Cancelling changes nothing.
    await act(async () => buttonNamed('Keep it active')!.click());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await act(async () => buttonNamed('Deactivate')!.click());
    await vi.waitFor(() => expect(document.querySelector('[role="alertdialog"]')).not.toBeNull());
    const confirm = [...document.querySelectorAll('[role="alertdialog"] button')].find((b) => b.textContent === 'Deactivate') as HTMLButtonElement;
    await act(async () => confirm.click());
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/admin/businesses/b1/deactivate']));
    await vi.waitFor(() => expect(buttonNamed('Reactivate')).not.toBeNull());
  });
});
