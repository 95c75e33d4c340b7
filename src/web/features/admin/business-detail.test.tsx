// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBusinessDetail } from '@shared/contracts/admin';
import { changeLanguage } from '@web/lib/language';
import { errorOf, fieldNamed, fieldProblem, typeInto } from '@web/testing/form-fields';
import { adminBusiness } from '@web/testing/admin-business';

const dom = mountReactRootPerTest();

const detail = (overrides: Partial<AdminBusinessDetail['business']> = {}): AdminBusinessDetail => ({
  business: adminBusiness({ proposedCommissionRate: 12.5, commissionProposedAt: '2026-11-26T10:00:00.000Z', ...overrides }),
  applications: [],
  gifts: [],
  orders: [],
});

let calls: { method: string; url: string; body?: unknown }[] = [];
let active = true;
/** The answer to the next change, when not the detail. */
let failure: { status: number; body: unknown } | null = null;

beforeEach(() => {
  calls = [];
  active = true;
  failure = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url: String(input), ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
      if (method !== 'GET' && failure) return new Response(JSON.stringify(failure.body), { status: failure.status, headers: { 'content-type': 'application/problem+json' } });
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
const changes = () => calls.filter((c) => c.method !== 'GET');
const rateForm = () => fieldNamed('Commission rate (%)').closest('form')!;

describe('admin business detail', () => {
  it('writes rates the Spanish way and shows a proposal waiting for the owner (ADR 065)', async () => {
    await changeLanguage('es');
    await renderDetail();
    await vi.waitFor(() => expect(document.querySelector('[data-testid="commission-proposal-pending"]')).not.toBeNull(), { timeout: 5000 });
    expect(document.querySelector('[data-testid="commission-proposal-pending"]')!.textContent).toBe('12,5\u00a0% propuesta el 26 nov 2026, pendiente de que el titular la acepte');
    expect(document.body.textContent).toContain('10\u00a0%');
    // The form starts from the pending proposal, with a decimal comma (its code loads with the business).
    await vi.waitFor(() => expect([...document.querySelectorAll('input')].some((input) => input.value === '12,5')).toBe(true));
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

describe('admin business detail: the commission rate form', () => {
  it('refuses a rate the contract refuses, sending nothing', async () => {
    await changeLanguage('en');
    await renderDetail();
    await vi.waitFor(() => expect(buttonNamed('Propose rate')).not.toBeNull(), { timeout: 5000 });
    for (const value of ['', 'ten', '150', '10,125']) {
      await typeInto('Commission rate (%)', value);
      await act(async () => rateForm().requestSubmit());
      // The contract (and zod) load on the form's first use, so the check's answer comes a moment later.
      await vi.waitFor(() => expect(errorOf('Commission rate (%)')).toBe('Enter a percentage from 0 to 100 with at most two decimals.'));
      expect(fieldNamed('Commission rate (%)').getAttribute('aria-invalid')).toBe('true');
    }
    expect(changes()).toEqual([]);
  });

  it('sends the rate typed with a decimal comma as a number, with the reason trimmed or without one', async () => {
    await changeLanguage('en');
    await renderDetail();
    await vi.waitFor(() => expect(buttonNamed('Propose rate')).not.toBeNull(), { timeout: 5000 });
    await typeInto('Commission rate (%)', '11,25');
    await typeInto('Reason (recorded in the audit log)', '  Christmas campaign ');
    await act(async () => rateForm().requestSubmit());
    await vi.waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toEqual({ method: 'PATCH', url: '/api/admin/businesses/b1/commission', body: { commissionRate: 11.25, reason: 'Christmas campaign' } });

    await typeInto('Reason (recorded in the audit log)', '   ');
    await act(async () => rateForm().requestSubmit());
    await vi.waitFor(() => expect(changes()).toHaveLength(2));
    expect(changes()[1]!.body).toEqual({ commissionRate: 11.25 });
  });

  it("shows the server's field answers on their fields, for the rate and for a deactivation's reason", async () => {
    await changeLanguage('en');
    await renderDetail();
    await vi.waitFor(() => expect(buttonNamed('Propose rate')).not.toBeNull(), { timeout: 5000 });
    failure = fieldProblem({ commissionRate: 'invalidRate', reason: 'tooLong' });
    await act(async () => rateForm().requestSubmit());
    await vi.waitFor(() => expect(errorOf('Reason (recorded in the audit log)')).toBe('This is too long.'));
    expect(errorOf('Commission rate (%)')).toBe('Enter a percentage from 0 to 100 with at most two decimals.');

    failure = fieldProblem({ reason: 'tooLong' });
    await typeInto('Reason (recorded in the audit log)', ' Closed ');
    await act(async () => buttonNamed('Deactivate')!.click());
    await vi.waitFor(() => expect(document.querySelector('[role="alertdialog"]')).not.toBeNull());
    const confirm = [...document.querySelectorAll('[role="alertdialog"] button')].find((b) => b.textContent === 'Deactivate') as HTMLButtonElement;
    await act(async () => confirm.click());
    await vi.waitFor(() => expect(changes()).toHaveLength(2));
    expect(changes()[1]).toEqual({ method: 'POST', url: '/api/admin/businesses/b1/deactivate', body: { reason: 'Closed' } });
    await vi.waitFor(() => expect(errorOf('Commission rate (%)')).toBeNull());
    expect(errorOf('Reason (recorded in the audit log)')).toBe('This is too long.');
  });
});
