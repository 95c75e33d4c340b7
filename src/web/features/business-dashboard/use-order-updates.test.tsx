// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardOrder } from '@shared/contracts/business-dashboard';
import { dashboardKeys } from './api';
import type { OrderPages } from './merge-orders';
import { useOrderUpdates } from './use-order-updates';

const dom = mountReactRootPerTest();

function order(id: string, at: string, status: DashboardOrder['status'] = 'paid'): DashboardOrder {
  return {
    id,
    giftId: 'g1',
    giftName: 'Horchata for two',
    giftValidityDays: 365,
    status,
    totalAmount: 950,
    currency: 'EUR',
    recipientName: 'Lucía',
    recipientPhone: null,
    personalMessage: null,
    commissionRate: 10,
    commissionAmount: 95,
    commissionVatAmount: 0,
    transferState: null,
    netAmount: 855,
    createdAt: at,
    paidAt: at,
    redeemedAt: null,
    expiresAt: '2027-11-21T22:59:59.999Z',
    updatedAt: at,
    extensionRequestedAt: null,
    extensionDecision: null,
    card: null,
  };
}

let client: QueryClient;
let visibility: DocumentVisibilityState;
let answers: { items: DashboardOrder[]; serverTime: string; nextSince: string }[];
const fetchMock = vi.fn();

function Probe({ onNew }: { onNew: (orders: DashboardOrder[]) => void }) {
  useOrderUpdates(onNew);
  return null;
}

const sinceOfCall = (index: number) => new URL(String(fetchMock.mock.calls[index]![0]), 'http://x').searchParams.get('since');

// Tests check each answer against its contract, which apiRequest imports on first use (ADR
// 039): loaded once here, so that later imports resolve at once and the fake clock alone
// decides when the next look happens.
beforeAll(async () => {
  await import('@shared/contracts/business-dashboard');
});

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  answers = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => {
    const answer = answers.shift() ?? { items: [], serverTime: '2026-11-21T10:59:05.000Z', nextSince: '2026-11-21T10:59:00.000Z' };
    // A plain object rather than happy-dom's Response, whose body reading waits on timers
    // that the fake clock would hold back.
    return { ok: true, status: 200, json: async () => structuredClone(answer) };
  });
  vi.stubGlobal('fetch', fetchMock);
  client = new QueryClient();
  const loaded: OrderPages = { pages: [{ items: [order('old', '2026-11-21T09:00:00.000Z')], nextCursor: null }], pageParams: [undefined] };
  client.setQueryData(dashboardKeys.orders('all'), loaded);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function mount(onNew: (orders: DashboardOrder[]) => void) {
  await act(async () => {
    dom.root.render(
      <QueryClientProvider client={client}>
        <Probe onNew={onNew} />
      </QueryClientProvider>,
    );
  });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useOrderUpdates', () => {
  it('backs off while nothing changes, shows a new order and speeds up again', async () => {
    const onNew = vi.fn();
    await mount(onNew);
    // The windows overlap: the order already on screen comes back unchanged, which is no news.
    const old = order('old', '2026-11-21T09:00:00.000Z');
    answers.push(
      { items: [old], serverTime: '2026-11-21T10:00:05.000Z', nextSince: '2026-11-21T10:00:00.000Z' },
      { items: [], serverTime: '2026-11-21T10:00:15.000Z', nextSince: '2026-11-21T10:00:10.000Z' },
    );

    await advance(4_999);
    expect(fetchMock).toHaveBeenCalledTimes(0);
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The first look starts from the newest change on screen, then from the server's clock.
    expect(sinceOfCall(0)).toBe('2026-11-21T09:00:00.000Z');
    await advance(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sinceOfCall(1)).toBe('2026-11-21T10:00:00.000Z');

    const fresh = order('new', '2026-11-21T10:00:30.000Z');
    answers.push({ items: [fresh, fresh], serverTime: '2026-11-21T10:00:35.000Z', nextSince: '2026-11-21T10:00:30.000Z' });
    await advance(19_999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // The same order twice in one answer is still one new order.
    expect(onNew).toHaveBeenCalledWith([fresh]);
    const list = client.getQueryData<OrderPages>(dashboardKeys.orders('all'))!;
    expect(list.pages[0]!.items.map((o) => o.id)).toEqual(['new', 'old']);

    // News resets the wait to 5 s.
    await advance(5_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(sinceOfCall(3)).toBe('2026-11-21T10:00:30.000Z');
    expect(onNew).toHaveBeenCalledTimes(1);
  });

  it('stops while the page is hidden and looks at once when it is shown again', async () => {
    await mount(vi.fn());
    await advance(5_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    visibility = 'hidden';
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await advance(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    visibility = 'visible';
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
