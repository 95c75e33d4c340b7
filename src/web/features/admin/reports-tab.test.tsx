// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminReport } from '@shared/contracts/listing-reports';
import { changeLanguage } from '@web/lib/language';
import { errorOf, fieldProblem, typeInto } from '@web/testing/form-fields';

const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const report: AdminReport = {
  id: '5b1f2c7e-8d3a-4f6b-9c2d-1e0a3b4c5d6e',
  targetType: 'gift',
  giftId: 'g1',
  giftName: 'Paella para dos',
  businessId: 'b1',
  businessName: 'Bar Pepe',
  category: 'misleading',
  explanation: 'The photo is of another restaurant.',
  hasReporterEmail: true,
  status: 'open',
  isTargetHidden: false,
  decisionReason: null,
  decisionFacts: null,
  decidedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

let calls: { url: string; body: unknown }[] = [];
/** The answer to the next decision, when not the decided report. */
let failure: { status: number; body: unknown } | null = null;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });

beforeEach(() => {
  calls = [];
  failure = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if ((init?.method ?? 'GET') === 'GET') return json({ items: [report] });
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (failure) return json(failure.body, failure.status);
      return json({ ...report, status: 'kept', decidedAt: '2026-11-21T10:00:00.000Z', decisionReason: 'x' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderTab() {
  await changeLanguage('en');
  const { ReportsTab } = await import('./reports-tab');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    dom.render(
      <Suspense fallback={<p>…</p>}>
        <QueryClientProvider client={client}>
          <ReportsTab />
        </QueryClientProvider>
      </Suspense>,
    );
  });
  await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="report-card"] form')).not.toBeNull(), { timeout: 5000 });
}

const REASON = 'Why (sent to the business and the reporter)';
const FACTS = 'Facts relied on (sent to the business; needed to hide)';
const press = (name: string) =>
  act(async () => [...document.querySelectorAll<HTMLButtonElement>('[data-testid="report-card"] button')].find((b) => b.textContent === name)!.click());

describe('admin reports: the decision form', () => {
  it('refuses a decision without a reason, and hiding without the facts, sending nothing', async () => {
    await renderTab();
    await press('Keep listing');
    // The contract (and zod) load on the form's first use, so the check's answer comes a moment later.
    await vi.waitFor(() => expect(errorOf(REASON)).toBe('Fill this in.'));
    await typeInto(REASON, 'Misleading photo.');
    await press('Hide listing');
    await vi.waitFor(() => expect(errorOf(FACTS)).toBe('Fill this in.'));
    expect(errorOf(REASON)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('hides with the reason and the facts trimmed', async () => {
    await renderTab();
    await typeInto(REASON, ' Misleading photo. ');
    await typeInto(FACTS, '  The photo is from another restaurant’s website.  ');
    await press('Hide listing');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: `/api/admin/reports/${report.id}/decision`,
      body: { decision: 'hide', reason: 'Misleading photo.', facts: 'The photo is from another restaurant’s website.' },
    });
  });

  it('keeps without facts', async () => {
    await renderTab();
    await typeInto(REASON, 'The photo is theirs.');
    await press('Keep listing');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ decision: 'keep', reason: 'The photo is theirs.', facts: null });
  });

  it("shows the server's field answer on its field, and any other failure in words", async () => {
    await renderTab();
    await typeInto(REASON, 'The photo is theirs.');
    failure = fieldProblem({ reason: 'too_long' });
    await press('Keep listing');
    await vi.waitFor(() => expect(errorOf(REASON)).toBe('This is too long.'));
    expect(dom.container.querySelectorAll('[data-testid="report-card"] [role="alert"]')).toHaveLength(1);

    failure = { status: 409, body: { type: 'about:blank', title: 'x', status: 409, code: 'report_already_decided' } };
    await press('Keep listing');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await vi.waitFor(() => expect(errorOf(REASON)).toBeNull());
    expect(dom.container.querySelector('[data-testid="report-card"] [role="alert"]')!.textContent).toBe('Someone already decided this report.');
  });
});
