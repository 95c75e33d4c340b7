// @vitest-environment happy-dom
import { act, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountReactRootPerTest } from '@web/testing/react-root';

/*
 * The withdrawal link opened again after withdrawing: the withdrawal's reference, date and
 * refund state come first, and the "you may withdraw until…" terms only while a gift is open.
 */
const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const TOKEN = 'ck1~1893456000000~sig';
const gift = (id: string, state: string, withdrawnAt: string | null = null) => ({
  id,
  giftName: `Horchata ${id}`,
  businessName: 'Orxateria La Palmera',
  recipientName: 'Maria Josep',
  totalAmount: 950,
  state,
  withdrawnAt,
});
const view = {
  checkoutId: 'ck1',
  purchasedAt: '2026-11-20T10:00:00.000Z',
  deadline: '2026-12-04T22:59:59.999Z',
  name: 'Ana Ferrer',
  email: 'ana@example.test',
  orders: [gift('o1', 'withdrawn', '2026-11-22T09:30:00.000Z')],
  withdrawals: [{ reference: 'D-1A2B3C4D', withdrawnAt: '2026-11-22T09:30:00.000Z', refundAmount: 950, refund: 'refunded' }],
};

async function renderWith(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => (String(input) === `/api/withdrawal-links/${encodeURIComponent(TOKEN)}` ? json(200, body) : json(200, null))),
  );
  const { default: WithdrawalPage } = await import('./withdrawal-page');
  await act(async () => {
    dom.root.render(
      <Suspense fallback={<p>suspended</p>}>
        <MemoryRouter initialEntries={[`/withdraw/link/${TOKEN}`]}>
          <Routes>
            <Route path="/withdraw/link/:token" element={<WithdrawalPage />} />
          </Routes>
        </MemoryRouter>
      </Suspense>,
    );
  });
  await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="withdrawal-past"]')).not.toBeNull(), { timeout: 5000 });
}
const text = () => dom.container.textContent ?? '';

beforeEach(() => localStorage.setItem('i18nextLng', 'en'));
afterEach(() => vi.unstubAllGlobals());

describe('the withdrawal link reopened after withdrawing', () => {
  it('starts with the reference, the date and the refund made; no "you may withdraw until"', async () => {
    await renderWith(view);
    const past = dom.container.querySelector('[data-testid="withdrawal-past"]')!;
    expect(past.textContent).toContain('You already withdrew');
    expect(past.textContent).toContain('Reference D-1A2B3C4D: withdrawn on 22 Nov 2026');
    expect(past.textContent).toMatch(/Refund of 9[.,]50\s€: made/);
    // The first thing the page says, before the purchase's date and gifts.
    expect(text().indexOf('D-1A2B3C4D')).toBeLessThan(text().indexOf('Purchase of'));
    expect(text()).not.toContain('You may withdraw from this purchase');
    expect(dom.container.querySelector('[data-testid="withdrawal-closed"]')).not.toBeNull();
  });

  it('says a refund still pending is on its way, and offers the gifts still open', async () => {
    await renderWith({
      ...view,
      orders: [...view.orders, gift('o2', 'open')],
      withdrawals: [{ ...view.withdrawals[0], refund: 'pending' }],
    });
    expect(text()).toMatch(/Refund of 9[.,]50\s€: on its way/);
    expect(text()).toContain('You may still withdraw from the other gifts of this purchase until');
    expect(dom.container.querySelector('input[type="checkbox"]')).not.toBeNull();
  });
});
