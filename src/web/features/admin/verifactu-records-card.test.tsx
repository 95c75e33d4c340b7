// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VerifactuSubmission, VerifactuSubmissionPage } from '@shared/contracts/invoices';
import { changeLanguage } from '@web/lib/language';

const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const record = (overrides: Partial<VerifactuSubmission>): VerifactuSubmission => ({
  recordId: 'r1',
  kind: 'alta',
  sequence: 1,
  invoiceId: 'i1',
  fullNumber: 'R2026-000001',
  invoiceType: 'F1',
  rectificationType: null,
  issueDate: '2026-11-01',
  businessName: 'Horchatería Santa Catalina',
  generatedAt: '2026-11-01T00:30:00+01:00',
  state: 'accepted',
  attempts: 0,
  lastError: null,
  errorCode: null,
  errorDescription: null,
  answeredAt: '2026-11-01T00:40:00.000Z',
  nextAttemptAt: null,
  ...overrides,
});

const records = [
  record({ recordId: 'r5', kind: 'anulacion', invoiceType: null, sequence: 5, fullNumber: 'R2026-000003', state: 'pending', attempts: 2, lastError: 'HTTP 503 from the service', answeredAt: null, nextAttemptAt: '2026-11-01T01:00:00.000Z' }),
  record({ recordId: 'r4', sequence: 4, fullNumber: 'R2026-000004', state: 'rejected', errorCode: 'regalo:invalid', errorDescription: 'NombreRazon over 120 characters' }),
  record({ recordId: 'r3', sequence: 3, fullNumber: 'R2026-000003', state: 'rejected', errorCode: '1100', errorDescription: 'Valor o tipo incorrecto del campo: NIF' }),
  record({ recordId: 'r2', sequence: 2, fullNumber: 'RR2026-000002', invoiceType: 'R1', rectificationType: 'S', state: 'accepted_with_errors', errorCode: '1104', errorDescription: 'El NIF del destinatario no está identificado.' }),
  record({}),
];

const pageOf = (items: VerifactuSubmission[], overrides: Partial<VerifactuSubmissionPage> = {}): VerifactuSubmissionPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
  counts: { pending: 1, accepted: 1, accepted_with_errors: 1, rejected: 2 },
  queue: { driver: 'aeat', nextAllowedSendAt: '2099-01-01T00:00:00.000Z', consecutiveFailures: 2, lastError: 'HTTP 503 from the service' },
  ...overrides,
});

let answer: (url: URL) => Response;
const urls: string[] = [];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  urls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return answer(new URL(String(input), 'http://regalo.test'));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderCard(language: 'en' | 'es') {
  await changeLanguage(language);
  const { VerifactuRecordsCard } = await import('./verifactu-records-card');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    dom.render(
      <Suspense fallback={<p>…</p>}>
        <QueryClientProvider client={client}>
          <VerifactuRecordsCard />
        </QueryClientProvider>
      </Suspense>,
    );
  });
}

const rows = () => [...dom.container.querySelectorAll('[data-testid="verifactu-record"]')];
const cells = (row: Element) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('the VERI*FACTU records card', () => {
  it("shows each record's kind, invoice, dates, state, attempts, next attempt and the AEAT's error", async () => {
    answer = () => json(pageOf(records));
    await renderCard('en');
    await vi.waitFor(() => expect(rows()).toHaveLength(5), { timeout: 5000 });
    expect(urls[0]).toBe('/api/admin/verifactu/submissions?page=1');
    const [pending, setAside, rejected, withErrors, accepted] = rows();
    expect(cells(pending!)).toEqual([
      'CancellationNo. 5 in the chain',
      'R2026-000003Horchatería Santa Catalina',
      '1 Nov 2026',
      expect.stringMatching(/^1 Nov 2026,? 00:30$/) as unknown as string,
      'Waiting to be sent',
      '2',
      expect.stringMatching(/^1 Nov 2026,? 02:00$/) as unknown as string,
      'Last request without an answer: HTTP 503 from the service',
    ]);
    expect(cells(rejected!)[4]).toBe('Rejectedanswered 1 Nov 2026, 01:40');
    expect(cells(rejected!)[7]).toBe('1100 · Valor o tipo incorrecto del campo: NIF');
    expect(cells(rejected!)[6]).toBe('—');
    expect(cells(setAside!)[7]).toBe('regalo:invalid · NombreRazon over 120 characters' + 'Set aside by Regalo before sending: the AEAT’s schema cannot carry it.');
    expect(cells(withErrors!)[0]).toBe('RegistrationR1 · rectifying by substitution (S)No. 2 in the chain');
    expect(cells(withErrors!)[4]).toMatch(/^Accepted with errorsanswered/);
    expect(cells(withErrors!)[7]).toBe('1104 · El NIF del destinatario no está identificado.');
    expect(cells(accepted!)[0]).toBe('RegistrationF1 · invoiceNo. 1 in the chain');
    expect(cells(accepted!)[4]).toMatch(/^Acceptedanswered 1 Nov 2026/);
    expect(cells(accepted!)[7]).toBe('—');

    // The queue as a whole: where it sends, when it may send again and why it is failing.
    const queue = dom.container.querySelector('[data-testid="verifactu-queue"]')!.textContent;
    expect(queue).toContain('Sending to the AEAT. The next request may leave 1 Jan 2099');
    expect(queue).toContain('The service did not answer 2 requests in a row: HTTP 503 from the service');
    const options = [...dom.container.querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual(['All states (5)', 'Waiting to be sent (1)', 'Accepted (1)', 'Accepted with errors (1)', 'Rejected (2)']);
  });

  it('filters by state and starts again at the first page', async () => {
    answer = (url) => json(pageOf(url.searchParams.get('state') === 'rejected' ? records.filter((r) => r.state === 'rejected') : records));
    await renderCard('en');
    await vi.waitFor(() => expect(rows()).toHaveLength(5), { timeout: 5000 });
    const select = dom.container.querySelector('select')!;
    await act(async () => {
      select.value = 'rejected';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(urls.at(-1)).toBe('/api/admin/verifactu/submissions?state=rejected&page=1');
    expect(rows().every((r) => r.textContent!.includes('Rejected'))).toBe(true);
  });

  it('pages through the records', async () => {
    answer = (url) => {
      const page = Number(url.searchParams.get('page'));
      return json(pageOf(page === 1 ? records : [record({ recordId: 'r0', sequence: 1, fullNumber: 'R2025-000009' })], { page, total: 30, pageSize: 25 }));
    };
    await renderCard('en');
    await vi.waitFor(() => expect(rows()).toHaveLength(5), { timeout: 5000 });
    const pager = dom.container.querySelector('nav[aria-label="Pages"]')!;
    expect(pager.textContent).toContain('Page 1 of 2 · 30 in all');
    const [previous, next] = [...pager.querySelectorAll('button')];
    expect(previous!.disabled).toBe(true);
    await act(async () => next!.click());
    await vi.waitFor(() => expect(rows().map((r) => r.textContent)).toEqual([expect.stringContaining('R2025-000009')]));
    expect(urls.at(-1)).toBe('/api/admin/verifactu/submissions?page=2');
    expect(dom.container.querySelector('nav[aria-label="Pages"]')!.textContent).toContain('Page 2 of 2');
  });

  it('says when there are no records, and that sending is off, in Spanish', async () => {
    answer = () => json(pageOf([], { counts: { pending: 0, accepted: 0, accepted_with_errors: 0, rejected: 0 }, queue: { driver: 'off', nextAllowedSendAt: null, consecutiveFailures: 0, lastError: null } }));
    await renderCard('es');
    await vi.waitFor(() => expect(dom.container.textContent).toContain('No hay registros.'), { timeout: 5000 });
    expect(dom.container.querySelector('[data-testid="verifactu-queue"]')!.textContent).toContain('El envío está desactivado (VERIFACTU_DRIVER=off)');
    expect(dom.container.querySelector('table')).toBeNull();
  });

  it('shows a failure with a retry', async () => {
    answer = () => json({ type: 'about:blank', title: 'Boom', status: 500, code: 'internal_error' }, 500);
    await renderCard('en');
    await vi.waitFor(() => expect(dom.container.querySelector('[role="alert"]')).not.toBeNull(), { timeout: 5000 });
    answer = () => json(pageOf(records));
    await act(async () => dom.container.querySelector<HTMLButtonElement>('[role="alert"] button')!.click());
    await vi.waitFor(() => expect(rows()).toHaveLength(5));
  });
});
