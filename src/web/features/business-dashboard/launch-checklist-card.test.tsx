// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LaunchChecklist } from '@shared/contracts/launch-checklist';
import { changeLanguage } from '@web/lib/language';

const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

let answer: { status: number; body: unknown };
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/operator')) return new Response(JSON.stringify({ supportEmail: 'ayuda@regalo.test' }), { status: 404 });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': answer.status >= 400 ? 'application/problem+json' : 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const checklist = (done: [boolean, boolean, boolean, boolean], overrides: Partial<LaunchChecklist> = {}): LaunchChecklist => ({
  steps: (['commission', 'payouts', 'invoicing', 'firstGift'] as const).map((key, index) => ({ key, done: done[index]! })),
  missingDetails: done[2] ? [] : ['legalName', 'district'],
  isLive: false,
  ...overrides,
});

async function renderCard(language: 'en' | 'es' | 'va') {
  await changeLanguage(language);
  const { LaunchChecklistCard } = await import('./launch-checklist-card');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    dom.render(
      <Suspense fallback={<p>…</p>}>
        <MemoryRouter>
          <QueryClientProvider client={client}>
            <LaunchChecklistCard shopSlug="orxateria-llum" />
          </QueryClientProvider>
        </MemoryRouter>
      </Suspense>,
    );
  });
  await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="launch-checklist"], [role="alert"]')).not.toBeNull());
}

const card = () => dom.container.querySelector<HTMLElement>('[data-testid="launch-checklist"]')!;
const step = (key: string) => dom.container.querySelector<HTMLElement>(`[data-testid="launch-step-${key}"]`)!;
const linksOf = (element: HTMLElement) => [...element.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);

describe("the dashboard's launch checklist", () => {
  it('lists the four steps in order, each done or to do as the server says, with a link to where an open one is done', async () => {
    answer = { status: 200, body: checklist([true, false, false, false]) };
    await renderCard('en');
    expect(card().getAttribute('data-live')).toBe('false');
    expect(card().querySelector('h2')?.textContent).toBe('Put your gifts on sale');
    expect([...card().querySelectorAll('ol > li')].map((li) => li.querySelector('p')?.textContent)).toEqual([
      '1. Accept the commission (Done)',
      '2. Connect your payout account (To do)',
      '3. Complete your invoicing details (To do)',
      '4. Create your first gift (To do)',
    ]);
    expect(dom.container.querySelector('[data-testid="launch-progress"]')?.textContent).toBe('1 of 4 steps done');
    // A done step links nowhere; each open one to its tab.
    expect(linksOf(step('commission'))).toEqual([]);
    expect(linksOf(step('payouts'))).toEqual([['Connect payouts', '/business/dashboard?tab=payouts']]);
    expect(linksOf(step('invoicing'))).toEqual([['Complete them in your profile', '/business/dashboard?tab=profile']]);
    expect(linksOf(step('firstGift'))).toEqual([['Create a gift', '/business/dashboard?tab=gifts']]);
    expect(step('invoicing').textContent).toContain('Still missing: legal name, district.');
    // Nothing claims the business is on sale.
    expect(dom.container.textContent).not.toContain('You are live');
  });

  it('says "you are live" only when the server says a gift is on sale, with the shop page', async () => {
    answer = { status: 200, body: checklist([true, true, true, true], { isLive: true }) };
    await renderCard('va');
    expect(card().getAttribute('data-live')).toBe('true');
    expect(card().querySelector('h2')?.textContent).toBe('Ja estàs a la venda');
    expect(linksOf(card())).toEqual([['Veure la pàgina de la teua botiga', '/b/orxateria-llum?lang=va']]);
    expect(card().querySelector('ol')).toBeNull();
  });

  it('keeps the list, and says so, when every step is done but nothing is on sale (hidden by the team, say)', async () => {
    answer = { status: 200, body: checklist([true, true, true, true]) };
    await renderCard('es');
    expect(card().getAttribute('data-live')).toBe('false');
    expect(dom.container.querySelector('[data-testid="launch-progress"]')?.textContent).toBe('4 de 4 pasos hechos');
    expect(card().textContent).toContain('Todos los pasos están hechos, pero tus regalos no están a la venta.');
    expect(card().textContent).not.toContain('Ya estás a la venta');
  });

  it('says plainly when the list cannot be read, with a retry', async () => {
    answer = { status: 500, body: { type: 'about:blank', title: 'Error', status: 500, code: 'internal_error' } };
    await renderCard('en');
    const alert = dom.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('We could not check what is left to put your gifts on sale.');
    expect(dom.container.querySelector('[data-testid="launch-checklist"]')).toBeNull();
  });
});
