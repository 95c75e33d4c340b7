import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { DashboardOrder } from '@shared/contracts/business-dashboard';
import type { BusinessOrderFilter } from '@shared/domain/order-status';
import { dashboardKeys, fetchOrderUpdates } from './api';
import { classifyUpdates, mergeOrderUpdates, type OrderPages } from './merge-orders';
import { nextPollDelay, POLL_MIN_MS } from './poll-backoff';

/**
 * Polls GET /api/business/orders/updates while the orders tab is open and the page is
 * visible, folds the answers into every loaded orders list and reports orders not seen
 * before. `since` is always the server's own clock from the previous answer.
 */
export function useOrderUpdates(onNewOrders: (orders: DashboardOrder[]) => void) {
  const client = useQueryClient();
  const onNewRef = useRef(onNewOrders);
  useEffect(() => {
    onNewRef.current = onNewOrders;
  }, [onNewOrders]);

  useEffect(() => {
    let since: string | null = null;
    let delay = POLL_MIN_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;
    let isStopped = false;
    /** id → updatedAt of every order seen on screen or in an answer. */
    const known = new Map<string, string>();

    const loadedLists = () => client.getQueriesData<OrderPages>({ queryKey: dashboardKeys.allOrders });
    const learnLoadedLists = () => {
      for (const [, data] of loadedLists()) {
        for (const page of data?.pages ?? []) for (const order of page.items) known.set(order.id, order.updatedAt);
      }
    };

    const schedule = () => {
      clearTimeout(timer);
      if (!isStopped && document.visibilityState === 'visible') timer = setTimeout(() => void poll(), delay);
    };

    const poll = async () => {
      // Until a list is on screen there is nothing to compare with: every old order would
      // look new. Wait for it.
      if (since === null && loadedLists().every(([, data]) => !data)) {
        schedule();
        return;
      }
      controller?.abort();
      controller = new AbortController();
      // The first look starts from the newest change already on screen (or the beginning).
      const from = since ?? newestUpdate(loadedLists()) ?? new Date(0).toISOString();
      try {
        const answer = await fetchOrderUpdates(from, controller.signal);
        since = answer.nextSince;
        learnLoadedLists();
        const { changed, added } = classifyUpdates(answer.items, known);
        for (const order of changed) known.set(order.id, order.updatedAt);
        if (changed.length > 0) {
          for (const [key, data] of loadedLists()) {
            if (!data) continue;
            const status = (key[2] ?? 'all') as BusinessOrderFilter | 'all';
            client.setQueryData<OrderPages>(key, mergeOrderUpdates(data, changed, status));
          }
          // Totals and figures change with every sale.
          void client.invalidateQueries({ queryKey: dashboardKeys.business });
          void client.invalidateQueries({ queryKey: ['dashboard', 'analytics'] });
        }
        const fresh = added.filter((order) => order.status === 'paid');
        if (fresh.length > 0) onNewRef.current(fresh);
        delay = nextPollDelay(delay, changed.length > 0);
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        delay = nextPollDelay(delay, false);
      }
      schedule();
    };

    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        // Back on the page: look at once, then keep the current pace.
        void poll();
      } else {
        clearTimeout(timer);
        controller?.abort();
      }
    };

    document.addEventListener('visibilitychange', onVisibility);
    schedule();
    return () => {
      isStopped = true;
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [client]);
}

function newestUpdate(lists: [unknown, OrderPages | undefined][]): string | null {
  let newest: string | null = null;
  for (const [, data] of lists) {
    for (const page of data?.pages ?? []) {
      for (const order of page.items) if (newest === null || order.updatedAt > newest) newest = order.updatedAt;
    }
  }
  return newest;
}
