// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceSummary, MissingInvoicingData, VerifactuSubmissionPage } from '@shared/contracts/invoices';
import { changeLanguage } from '@web/lib/language';
import { fieldProblem } from '@web/testing/form-fields';

const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const invoice = (overrides: Partial<InvoiceSummary>): InvoiceSummary => ({
  id: '7d0c5b7e-3f7a-4c59-9a55-2f4f5cb0c001',
  businessId: 'b1',
  businessName: 'Horchatería Santa Catalina',
  type: 'F1',
  fullNumber: 'R2026-000001',
  issueDate: '2026-11-01',
  period: '2026-10',
  totalCents: 606,
  correctsFullNumber: null,
  bySubstitution: false,
  substitutedByFullNumber: null,
  recipientOutdated: false,
  cancelledAt: null,
  submissionState: 'accepted',
  ...overrides,
});

const noRecords: VerifactuSubmissionPage = {
  items: [],
  total: 0,
  page: 1,
  pageSize: 25,
  counts: { pending: 0, accepted: 0, accepted_with_errors: 0, rejected: 0 },
  queue: { driver: 'off', nextAllowedSendAt: null, consecutiveFailures: 0, lastError: null },
};

let invoices: InvoiceSummary[] | 'error';
let missing: MissingInvoicingData;
/** The answer to the next cancellation, when not the cancelled invoice. */
let failure: { status: number; body: unknown } | null = null;
const calls: { method: string; url: string; body?: string }[] = [];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls.length = 0;
  missing = { businesses: [] };
  failure = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, ...(init?.body ? { body: String(init.body) } : {}) });
      if (url === '/api/admin/invoices') {
        return invoices === 'error' ? json({ type: 'about:blank', title: 'Boom', status: 500, code: 'internal_error' }, 500) : json({ invoices });
      }
      if (url === '/api/admin/invoices/missing-data') return json(missing);
      if (url.startsWith('/api/admin/verifactu/submissions')) return json(noRecords);
      if (/^\/api\/admin\/dac7\/\d{4}\/missing$/.test(url)) return json({ year: Number(url.split('/')[4]), dueDate: '2027-01-31', businesses: [] });
      if (method === 'POST' && url.endsWith('/cancel')) {
        if (failure) return json(failure.body, failure.status);
        invoices = (invoices as InvoiceSummary[]).map((i) => ({ ...i, cancelledAt: '2026-11-02T09:00:00.000Z' }));
        return json({});
      }
      return json({ type: 'about:blank', title: 'Not found', status: 404, code: 'not_found' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderCard(language: 'en' | 'es') {
  await changeLanguage(language);
  const { InvoicesCard } = await import('./invoices-card');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    dom.render(
      <Suspense fallback={<p>…</p>}>
        <QueryClientProvider client={client}>
          <InvoicesCard />
        </QueryClientProvider>
      </Suspense>,
    );
  });
}

const list = () => dom.container.querySelector('[data-testid="admin-invoices"]');
/** "Cancel invoice" opened: its form loads then (invoices-card.tsx). */
async function openCancelForm() {
  const details = list()!.querySelector('details')!;
  await act(async () => {
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
  });
  await vi.waitFor(() => expect(details.querySelector('form')).not.toBeNull(), { timeout: 5000 });
  return details.querySelector('form')!;
}
async function typeReason(form: HTMLFormElement, value: string) {
  const reason = form.querySelector('input')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(reason, value);
    reason.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const posts = () => calls.filter((c) => c.method === 'POST');

describe("the admin's invoices card", () => {
  it('lists every business’s invoices with their VERI*FACTU state and links to open each one and its PDF', async () => {
    invoices = [
      invoice({ id: '7d0c5b7e-3f7a-4c59-9a55-2f4f5cb0c002', type: 'R1', fullNumber: 'RR2026-000001', correctsFullNumber: 'R2026-000001', totalCents: -303, submissionState: 'rejected' }),
      invoice({ cancelledAt: '2026-11-02T09:00:00.000Z', submissionState: 'accepted_with_errors' }),
    ];
    missing = { businesses: [{ id: 'b9', name: 'Taller Blau', missing: ['legalName', 'fiscalAddress'] }] };
    await renderCard('en');
    await vi.waitFor(() => expect(list()).not.toBeNull(), { timeout: 5000 });
    const rows = [...list()!.querySelectorAll(':scope > li')];
    expect(rows[0]!.textContent).toContain('RR2026-000001');
    expect(rows[0]!.textContent).toContain('Rectifying');
    expect(rows[0]!.textContent).toContain('Rejected');
    expect(rows[0]!.textContent).toMatch(/Horchatería Santa Catalina · 1 Nov 2026 · -3,03\s€ · corrects R2026-000001/);
    expect(rows[1]!.textContent).toContain('Accepted with errors');
    expect(rows[1]!.textContent).toContain('Cancelled 2 Nov 2026');
    // A cancelled invoice cannot be cancelled again; the other one can.
    expect(rows[1]!.querySelector('details')).toBeNull();
    expect(rows[0]!.querySelector('details')).not.toBeNull();

    const open = rows[0]!.querySelector<HTMLAnchorElement>('a[aria-label="Open invoice RR2026-000001"]')!;
    expect(open.getAttribute('href')).toBe('/api/admin/invoices/7d0c5b7e-3f7a-4c59-9a55-2f4f5cb0c002/html?lang=en');
    expect(open.getAttribute('target')).toBe('_blank');
    const pdf = rows[0]!.querySelector<HTMLAnchorElement>('a[aria-label="Download the PDF of invoice RR2026-000001"]')!;
    expect(pdf.getAttribute('href')).toBe('/api/admin/invoices/7d0c5b7e-3f7a-4c59-9a55-2f4f5cb0c002/pdf?lang=en');
    expect(pdf.hasAttribute('download')).toBe(true);

    expect(dom.container.querySelector('[data-testid="invoicing-data-missing"]')!.textContent).toBe('Taller BlauMissing: legal name, fiscal address');
    expect(dom.container.querySelector('a[href="/api/admin/verifactu/records"]')).not.toBeNull();
  });

  it('says when nothing was issued and every business can be invoiced, in Spanish too', async () => {
    invoices = [];
    await renderCard('es');
    await vi.waitFor(() => expect(dom.container.textContent).toContain('Aún no se ha emitido ninguna factura.'), { timeout: 5000 });
    expect(dom.container.textContent).toContain('Todos los comercios aprobados tienen sus datos de facturación.');
    expect(list()).toBeNull();
  });

  it('shows a failure to load the invoices with a retry', async () => {
    invoices = 'error';
    await renderCard('en');
    await vi.waitFor(() => expect(dom.container.querySelector('[role="alert"]')).not.toBeNull(), { timeout: 5000 });
    invoices = [invoice({})];
    const retry = [...dom.container.querySelectorAll('[role="alert"] button')].find((b) => b.textContent === 'Try again') as HTMLButtonElement;
    await act(async () => retry.click());
    await vi.waitFor(() => expect(list()).not.toBeNull());
  });

  it('cancels an invoice with a reason and reads the list again', async () => {
    invoices = [invoice({})];
    await renderCard('en');
    await vi.waitFor(() => expect(list()).not.toBeNull(), { timeout: 5000 });
    // The form is not there until "Cancel invoice" is opened.
    expect(list()!.querySelector('form')).toBeNull();
    const form = await openCancelForm();
    const reason = form.querySelector('input')!;
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(submit.disabled).toBe(true);
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(reason, 'Wrong fiscal address');
      reason.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(submit.disabled).toBe(false);
    await act(async () => submit.click());
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', url: '/api/admin/invoices/7d0c5b7e-3f7a-4c59-9a55-2f4f5cb0c001/cancel', body: JSON.stringify({ reason: 'Wrong fiscal address' }) }));
    await vi.waitFor(() => expect(list()!.textContent).toContain('Cancelled 2 Nov 2026'));
  });

  it('sends nothing without a reason: the button waits for one, and the contract refuses spaces alone', async () => {
    invoices = [invoice({})];
    await renderCard('en');
    await vi.waitFor(() => expect(list()).not.toBeNull(), { timeout: 5000 });
    const form = await openCancelForm();
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    await typeReason(form, '   ');
    expect(submit.disabled).toBe(true);
    // Enter in the field, or any other way the form is sent.
    await act(async () => form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    // The contract (and zod) load on the form's first use, so the check's answer comes a moment later.
    await vi.waitFor(() => expect(form.querySelector('[role="alert"]')?.textContent).toBe('Fill this in.'));
    expect(form.querySelector('input')!.getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toEqual([]);
  });

  it("shows the server's field answer on the reason", async () => {
    invoices = [invoice({})];
    await renderCard('en');
    await vi.waitFor(() => expect(list()).not.toBeNull(), { timeout: 5000 });
    const form = await openCancelForm();
    await typeReason(form, 'Wrong fiscal address');
    failure = fieldProblem({ reason: 'cancelReasonTooLong' });
    await act(async () => form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await vi.waitFor(() => expect(form.querySelector('[role="alert"]')?.textContent).toBe('This is too long.'));
    expect(posts()).toHaveLength(1);
  });
});
