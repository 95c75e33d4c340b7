// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingHealth } from '@shared/contracts/admin-booking-health';
import { changeLanguage } from '@web/lib/language';

const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const row = (id: string, name: string, misses: number, businessCancellations: number) => {
  const missesAlert = misses >= 5;
  const cancellationsAlert = businessCancellations >= 3;
  return { businessId: id, businessName: name, misses, businessCancellations, missesAlert, cancellationsAlert, alert: missesAlert || cancellationsAlert };
};
let answer: BookingHealth;
const thresholds = { misses: 5, businessCancellations: 3 };

beforeEach(() => {
  answer = {
    windowDays: 30,
    thresholds,
    businesses: [row('b1', 'Tast del Mercat', 7, 0), row('b2', 'Arrossos Empar', 1, 3), row('b3', 'Forn de Baix', 2, 1)],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/admin/booking-health'
        ? new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ type: 'about:blank', title: 'Not found', status: 404, code: 'not_found' }), { status: 404, headers: { 'content-type': 'application/json' } }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderCard(language: 'en' | 'es' | 'va', onOpenBusiness: (id: string) => void = () => undefined) {
  await changeLanguage(language);
  const { BookingHealthCard } = await import('./booking-health-card');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    dom.render(
      <Suspense fallback={<p>…</p>}>
        <QueryClientProvider client={client}>
          <BookingHealthCard onOpenBusiness={onOpenBusiness} />
        </QueryClientProvider>
      </Suspense>,
    );
  });
}
const card = () => dom.container.querySelector('[data-testid="booking-health"]');
const banner = () => dom.container.querySelector('[data-testid="booking-alert"]');

describe("the admin's booking alert", () => {
  it('names the businesses above the threshold in a labelled banner, with links that open each one', async () => {
    const opened: string[] = [];
    await renderCard('en', (id) => opened.push(id));
    await vi.waitFor(() => expect(banner()).not.toBeNull(), { timeout: 5000 });
    const heading = banner()!.querySelector('h3')!;
    expect(heading.textContent).toBe('2 businesses leave recipients without times');
    expect(banner()!.getAttribute('aria-labelledby')).toBe(heading.id);
    const links = [...banner()!.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(['Tast del Mercat', 'Arrossos Empar']);
    expect(links[0]!.getAttribute('href')).toBe('?tab=businesses&business=b1');
    expect(banner()!.textContent).toContain('Arrossos Empar — 1 without a time · 3 cancelled by the business');
    await act(async () => {
      links[1]!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    });
    expect(opened).toEqual(['b2']);
  });

  it('shows both counts of every business that has either, in a captioned table, with each one’s state in words', async () => {
    await renderCard('en');
    await vi.waitFor(() => expect(card()!.querySelectorAll('[data-testid="booking-health-row"]')).toHaveLength(3), { timeout: 5000 });
    const table = card()!.querySelector('table')!;
    expect(table.querySelector('caption')!.textContent).toBe('Gifts that found no time and bookings cancelled by the business, per business, in the last 30 days');
    const cells = [...card()!.querySelectorAll('[data-testid="booking-health-row"]')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(cells).toEqual([
      ['Tast del MercatAbove the threshold', '7', '0'],
      ['Arrossos EmparAbove the threshold', '1', '3'],
      ['Forn de BaixWithin the threshold', '2', '1'],
    ]);
    // Scrollable sideways by keyboard on a narrow screen, and named for screen readers.
    const region = card()!.querySelector('[role="region"]')!;
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.getAttribute('aria-label')).toBeTruthy();
  });

  it('shows no banner when nobody reaches the threshold, and says so in Valencian when nothing happened', async () => {
    answer = { windowDays: 30, thresholds, businesses: [] };
    await renderCard('va');
    await vi.waitFor(() => expect(card()!.textContent).toContain("En els últims 30 dies cap destinatari no s'ha quedat sense hora"), { timeout: 5000 });
    expect(banner()).toBeNull();
    expect(card()!.querySelector('h2')!.textContent).toBe('Reserves dels últims 30 dies');
  });

  it('words the banner in Spanish and Valencian', async () => {
    answer = { windowDays: 30, thresholds, businesses: [row('b1', 'Tast del Mercat', 5, 0)] };
    await renderCard('es');
    await vi.waitFor(() => expect(banner()?.querySelector('h3')?.textContent).toBe('1 negocio deja a sus destinatarios sin horas'), { timeout: 5000 });
    await renderCard('va');
    await vi.waitFor(() => expect(banner()?.querySelector('h3')?.textContent).toBe('1 negoci deixa els destinataris sense hores'), { timeout: 5000 });
  });
});
