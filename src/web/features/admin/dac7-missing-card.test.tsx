// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dac7MissingSellerData } from '@shared/contracts/seller-details';
import { changeLanguage } from '@web/lib/language';

const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const urls: string[] = [];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const answer = (year: number): Dac7MissingSellerData => ({
  year,
  dueDate: `${year + 1}-01-31`,
  businesses:
    year === 2025
      ? [
          { id: 'b1', name: 'Forn Amparo', businessType: 'individual', missing: ['birthDate', 'iban'] },
          { id: 'b2', name: 'Horchatería Santa Catalina', businessType: 'company', missing: ['businessRegistrationNumber'] },
        ]
      : [],
});

beforeEach(() => {
  urls.length = 0;
  vi.useFakeTimers({ toFake: ['Date'] });
  // 10 January 2026: the 2025 report is due on the 31st.
  vi.setSystemTime(new Date('2026-01-10T10:00:00Z'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      const match = /^\/api\/admin\/dac7\/(\d{4})\/missing$/.exec(url);
      return match ? json(answer(Number(match[1]))) : json({ type: 'about:blank', title: 'Not found', status: 404, code: 'not_found' }, 404);
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function renderCard(language: 'en' | 'es' | 'va') {
  await changeLanguage(language);
  const { Dac7MissingCard } = await import('./dac7-missing-card');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    dom.render(
      <Suspense fallback={<p>…</p>}>
        <QueryClientProvider client={client}>
          <Dac7MissingCard />
        </QueryClientProvider>
      </Suspense>,
    );
  });
}
const card = () => dom.container.querySelector('[data-testid="dac7-missing"]');

describe("the admin's list of sellers missing DAC7 details", () => {
  it('shows, in January, last year’s sellers with the names of what each lacks and the due date', async () => {
    await renderCard('en');
    await vi.waitFor(() => expect(card()?.querySelectorAll('li')).toHaveLength(2), { timeout: 5000 });
    expect(urls).toContain('/api/admin/dac7/2025/missing');
    expect(card()!.textContent).toContain('Businesses with sales in 2025 whose DAC7 report still lacks a detail. The report is due by 31 Jan 2026.');
    const [first, second] = [...card()!.querySelectorAll('li')];
    expect(first!.textContent).toBe('Forn AmparoIndividualMissing: Date of birth, Account (IBAN)');
    expect(second!.textContent).toBe('Horchatería Santa CatalinaEntityMissing: Business registration number');
  });

  it('says so when every seller of the chosen year is complete, in Spanish', async () => {
    await renderCard('es');
    await vi.waitFor(() => expect(card()?.querySelectorAll('li')).toHaveLength(2), { timeout: 5000 });
    expect(card()!.textContent).toContain('Falta: Fecha de nacimiento, Cuenta (IBAN)');
    const select = card()!.querySelector('select')!;
    await act(async () => {
      select.value = '2026';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await vi.waitFor(() => expect(card()!.textContent).toContain('Todos los vendedores de 2026 tienen los datos que pide la declaración.'), { timeout: 5000 });
    expect(urls).toContain('/api/admin/dac7/2026/missing');
    expect(card()!.querySelectorAll('li')).toHaveLength(0);
  });

  it('names the missing fields in Valencian', async () => {
    await renderCard('va');
    await vi.waitFor(() => expect(card()!.textContent).toContain('Falta: Data de naixement, Compte (IBAN)'), { timeout: 5000 });
    expect(card()!.textContent).toContain('La declaració es presenta fins al 31 gen. 2026.');
  });

  it('chases this year’s report from February', async () => {
    const { dac7YearFor } = await import('./dac7-missing-card');
    expect(dac7YearFor(new Date('2026-01-31T22:59:00Z'))).toBe(2025); // still 31 January in Madrid
    expect(dac7YearFor(new Date('2026-01-31T23:00:00Z'))).toBe(2026); // 1 February in Madrid
  });
});
