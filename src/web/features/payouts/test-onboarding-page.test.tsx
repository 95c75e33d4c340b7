// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const account = (status: string, ready: boolean) => ({
  status,
  provider: 'test',
  detailsSubmitted: ready,
  payoutsEnabled: ready,
  transfersActive: ready,
  requirementsDue: ready ? [] : ['external_account'],
  requirementsEventuallyDue: [],
  requirementsDeadline: null,
  disabledReason: ready ? null : 'requirements.past_due',
  updatedAt: '2026-11-27T10:00:00.000Z',
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('the test provider’s onboarding page', () => {
  it('is labelled as a test, shows the account, and completes it before returning to the Payouts tab', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/business/payout-account') return json(200, account('incomplete', false));
      if (url === '/api/payouts/test/onboarding/complete' && init?.method === 'POST') return json(200, account('active', true));
      return json(404, { type: 'about:blank', title: 'nf', status: 404, code: 'not_found' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { default: TestOnboardingPage } = await import('./test-onboarding-page');
    await act(async () => {
      dom.root.render(
        <Suspense fallback={<p>suspended</p>}>
          <MemoryRouter initialEntries={['/business/payouts/test-onboarding?account=acct_test_1']}>
            <Routes>
              <Route path="/business/payouts/test-onboarding" element={<TestOnboardingPage />} />
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
            <Where />
          </MemoryRouter>
        </Suspense>,
      );
    });
    const text = () => dom.container.textContent ?? '';
    await vi.waitFor(() => expect(text()).toContain('Onboarding not finished.'));
    expect(dom.container.querySelector('[data-testid="test-onboarding-banner"]')?.textContent).toContain('Test mode');
    expect(dom.container.querySelector('[data-testid="test-onboarding-account"]')?.textContent).toBe('acct_test_1');

    const complete = [...dom.container.querySelectorAll('button')].find((b) => b.textContent === 'Complete onboarding')!;
    await act(async () => complete.click());
    await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="where"]')?.textContent).toBe('/business/dashboard?tab=payouts'));
    expect(fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/payouts/test/onboarding/complete' && init?.method === 'POST')).toHaveLength(1);
  });
});
