// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationQueue } from '@shared/contracts/admin';
import { changeLanguage } from '@web/lib/language';
import { adminBusiness } from '@web/testing/admin-business';
import { errorOf, fieldNamed, fieldProblem, typeInto } from '@web/testing/form-fields';

const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const business = adminBusiness({ verificationStatus: 'pending' });
const queue: ApplicationQueue = {
  items: [
    {
      application: { id: 'a1', status: 'pending', kind: 'registration', changedFields: [], submittedAt: '2026-11-21T10:00:00.000Z', reviewedAt: null, reviewerEmail: null, reviewNotes: null },
      business,
      history: [],
    },
  ],
  defaultCommissionRate: 12.5,
};

let calls: { method: string; url: string; body: unknown }[] = [];
/** The answer to the next decision, when not the decided business. */
let failure: { status: number; body: unknown } | null = null;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });

beforeEach(() => {
  calls = [];
  failure = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      if (url === '/api/admin/applications') return json(queue);
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (failure) return json(failure.body, failure.status);
      return json({ business: { ...business, verificationStatus: 'approved' }, applications: [], gifts: [], orders: [] });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderTab() {
  await changeLanguage('en');
  const { ApplicationsTab } = await import('./applications-tab');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    dom.render(
      <Suspense fallback={<p>…</p>}>
        <QueryClientProvider client={client}>
          <ApplicationsTab />
        </QueryClientProvider>
      </Suspense>,
    );
  });
  await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="application"]')).not.toBeNull(), { timeout: 5000 });
}

const submit = (label: string) => act(async () => fieldNamed(label).closest('form')!.requestSubmit());
const RATE = 'Commission rate (%)';
const REASON = 'Reason for rejecting';

describe('admin applications: the approve and reject forms', () => {
  it('proposes the default rate with a decimal comma and approves with it as a number', async () => {
    await renderTab();
    expect(fieldNamed(RATE).value).toBe('12,5');
    await submit(RATE);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'POST', url: '/api/admin/businesses/b1/approve', body: { commissionRate: 12.5 } });
  });

  it('refuses a rate the contract refuses, and a rejection without a reason, sending nothing', async () => {
    await renderTab();
    for (const value of ['', 'abc', '-1', '100,5', '9,999']) {
      await typeInto(RATE, value);
      await submit(RATE);
      // The contract (and zod) load on the form's first use, so the check's answer comes a moment later.
      await vi.waitFor(() => expect(errorOf(RATE)).toBe('Enter a percentage from 0 to 100 with at most two decimals.'));
    }
    await typeInto(REASON, '   ');
    await submit(REASON);
    await vi.waitFor(() => expect(errorOf(REASON)).toBe('Fill this in.'));
    // One decision tried clears what the other form said.
    expect(errorOf(RATE)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('rejects with the reason trimmed', async () => {
    await renderTab();
    await typeInto(REASON, '  The tax id does not match the deed. ');
    await submit(REASON);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'POST', url: '/api/admin/businesses/b1/reject', body: { reason: 'The tax id does not match the deed.' } });
  });

  it("shows the server's field answer on its field", async () => {
    await renderTab();
    failure = fieldProblem({ reason: 'tooLong' });
    await typeInto(REASON, 'Too long, says the server');
    await submit(REASON);
    await vi.waitFor(() => expect(errorOf(REASON)).toBe('This is too long.'));
    expect(calls).toHaveLength(1);
  });
});
