// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceList, InvoiceSummary } from '@shared/contracts/invoices';
import { changeLanguage } from '@web/lib/language';

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
  submissionState: 'pending',
  ...overrides,
});

let answer: { status: number; body: unknown };
/** What a correction (POST …/rectify) answers; the list answers `answer`. */
let rectifyAnswer: { status: number; body: unknown };
let calls: string[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      const { status, body } = String(input).endsWith('/rectify') ? rectifyAnswer : answer;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderCard(language: 'en' | 'es' | 'va') {
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

describe("the business's invoices card", () => {
  it('lists each invoice with its month, date and total, marks rectifying and cancelled ones, and links to its page and PDF', async () => {
    const list: InvoiceList = {
      invoices: [
        invoice({ id: '7d0c5b7e-3f7a-4c59-9a55-2f4f5cb0c003', type: 'R1', fullNumber: 'RR2026-000001', issueDate: '2026-12-01', totalCents: -303, correctsFullNumber: 'R2026-000001' }),
        invoice({ id: '7d0c5b7e-3f7a-4c59-9a55-2f4f5cb0c002', fullNumber: 'R2026-000002', cancelledAt: '2026-11-02T09:00:00.000Z' }),
        invoice({}),
      ],
    };
    answer = { status: 200, body: list };
    await renderCard('es');
    await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="business-invoices"]')).not.toBeNull(), { timeout: 5000 });
    expect(calls).toEqual(['/api/business/invoices']);
    const rows = [...dom.container.querySelectorAll('[data-testid="business-invoices"] > li')];
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('RR2026-000001');
    expect(rows[0]!.textContent).toContain('Factura rectificativa');
    expect(rows[0]!.textContent).toContain('rectifica R2026-000001');
    expect(rows[0]!.textContent).toMatch(/1 dic 2026 · -3,03\s€/);
    expect(rows[1]!.textContent).toContain('Anulada');
    expect(rows[2]!.textContent).toMatch(/Comisión de octubre de 2026 · 1 nov 2026 · 6,06\s€/);
    expect(rows[2]!.textContent).not.toContain('Anulada');
    const links = [...rows[2]!.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Abrir R2026-000001', '/api/business/invoices/7d0c5b7e-3f7a-4c59-9a55-2f4f5cb0c001/html?lang=es'],
      ['PDF R2026-000001', '/api/business/invoices/7d0c5b7e-3f7a-4c59-9a55-2f4f5cb0c001/pdf?lang=es'],
    ]);
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[1]!.hasAttribute('download')).toBe(true);
  });

  it('says beside the links, in Valencian, that the invoice opens in Spanish (its legal language); not in Spanish', async () => {
    answer = { status: 200, body: { invoices: [invoice({})] } };
    await renderCard('va');
    await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="business-invoices"]')).not.toBeNull(), { timeout: 5000 });
    const note = dom.container.querySelector('[data-testid="invoice-language-note"]')!;
    expect(note.textContent).toContain("Les factures s'emeten en castellà");
    for (const link of dom.container.querySelectorAll('[data-testid="business-invoices"] a')) expect(link.getAttribute('aria-describedby')).toBe(note.id);

    await renderCard('es');
    await vi.waitFor(() => expect(dom.container.textContent).toContain('Abrir'), { timeout: 5000 });
    expect(dom.container.querySelector('[data-testid="invoice-language-note"]')).toBeNull();
  });

  it('offers to correct an invoice naming the business as it was, issues the rectifying invoice and shows what replaced what', async () => {
    const outdated = invoice({ recipientOutdated: true });
    answer = { status: 200, body: { invoices: [outdated] } };
    await renderCard('va');
    await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="business-invoices"]')).not.toBeNull(), { timeout: 5000 });
    const button = [...dom.container.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Corregir el destinatari'))!;
    expect(button.textContent).toBe('Corregir el destinatari R2026-000001');
    expect(dom.container.querySelector(`#${CSS.escape(button.getAttribute('aria-describedby')!)}`)!.textContent).toContain('En corregir-lo');

    rectifyAnswer = { status: 201, body: { id: '7d0c5b7e-3f7a-4c59-9a55-2f4f5cb0c009', fullNumber: 'RR2026-000004' } };
    // The list as it is then: the substitute, and the original marked replaced, with nothing left to correct.
    answer = {
      status: 200,
      body: {
        invoices: [
          invoice({ id: '7d0c5b7e-3f7a-4c59-9a55-2f4f5cb0c009', type: 'R1', fullNumber: 'RR2026-000004', bySubstitution: true, correctsFullNumber: 'R2026-000001' }),
          invoice({ substitutedByFullNumber: 'RR2026-000004' }),
        ],
      },
    };
    await act(async () => button.click());
    await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="invoice-rectified"]')).not.toBeNull(), { timeout: 5000 });
    expect(calls).toContain('/api/business/invoices/7d0c5b7e-3f7a-4c59-9a55-2f4f5cb0c001/rectify');
    expect(dom.container.querySelector('[data-testid="invoice-rectified"]')!.textContent).toBe('Factura rectificativa RR2026-000004 emesa amb les teues dades de facturació actuals.');
    // The list is asked again once the correction is done.
    await vi.waitFor(() => expect(dom.container.textContent).toContain('substituïx la R2026-000001'), { timeout: 5000 });
    const rows = [...dom.container.querySelectorAll('[data-testid="business-invoices"] > li')];
    expect(rows[1]!.textContent).toContain('Substituïda');
    expect(rows[1]!.textContent).toContain('substituïda per la RR2026-000004');
    expect([...dom.container.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Corregir'))).toBe(false);
  });

  it('says why a correction was refused', async () => {
    answer = { status: 200, body: { invoices: [invoice({ recipientOutdated: true })] } };
    await renderCard('en');
    await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="business-invoices"]')).not.toBeNull(), { timeout: 5000 });
    rectifyAnswer = { status: 409, body: { type: 'about:blank', title: 'Conflict', status: 409, code: 'invoice_recipient_unchanged' } };
    const button = [...dom.container.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Correct the recipient'))!;
    await act(async () => button.click());
    await vi.waitFor(() => expect(dom.container.querySelector('[role="alert"]')).not.toBeNull(), { timeout: 5000 });
    expect(dom.container.querySelector('[role="alert"]')!.textContent).toBe('This invoice already names your business as your invoicing details do. Change the details first.');
  });

  it('says when there are no invoices yet', async () => {
    answer = { status: 200, body: { invoices: [] } };
    await renderCard('en');
    await vi.waitFor(() => expect(dom.container.textContent).toContain('No invoices yet: the first comes on the 1st of the month after your first sale.'), { timeout: 5000 });
    expect(dom.container.querySelector('[data-testid="business-invoices"]')).toBeNull();
  });

  it('shows a failure with a retry that asks again', async () => {
    answer = { status: 500, body: { type: 'about:blank', title: 'Boom', status: 500, code: 'internal_error' } };
    await renderCard('en');
    await vi.waitFor(() => expect(dom.container.querySelector('[role="alert"]')).not.toBeNull(), { timeout: 5000 });
    expect(dom.container.querySelector('[role="alert"]')!.textContent).toContain('Something went wrong');
    answer = { status: 200, body: { invoices: [invoice({})] } };
    const retry = [...dom.container.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!;
    await act(async () => retry.click());
    await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="business-invoices"]')).not.toBeNull());
    expect(calls).toHaveLength(2);
  });
});
